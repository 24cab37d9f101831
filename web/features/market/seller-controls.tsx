// The seller's (and an admin's) controls on an item: edit, status selling ⇄ reserved → sold
// (asking the final price), bump once a day, delete with confirmation; an admin's cancel with a
// reason. Shown only as the server's abilities allow; the server decides again on every call.
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { STATUS_LABEL, type MarketStatus, type MarketView } from '../../../common/api/market';
import { topic } from '../../../common/korean';
import { AppDialog } from '../../ui/app-dialog';
import { confirm } from '../../ui/confirm';
import { FieldError } from '../../ui/field';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useBumpMarket } from './api/market-bump';
import { useDeleteMarket } from './api/market-delete';
import { useMarketStatus } from './api/market-status';
import { marketEditPath, marketListPath } from '../../shared/paths';
import { PriceInput } from '../../ui/price-input';
import { koMarket } from './texts';

const v = koMarket.view;

function SoldDialog({ item, visible, onHide }: { item: MarketView; visible: boolean; onHide: () => void }) {
  const status = useMarketStatus();
  const [price, setPrice] = useState<number | null>(item.price);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (price === null || price < 1000) return setError(`${topic(koMarket.editor.price)} 1,000원 이상이어야 합니다.`);
    status.mutate(
      { key: item.key, status: 'sold', soldPrice: price },
      {
        onSuccess: () => {
          toast.success(v.statusChanged(STATUS_LABEL.sold));
          onHide();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <AppDialog header={v.soldDialog} visible={visible} onHide={onHide} style={{ width: '26rem', maxWidth: '95vw' }} modal draggable={false}>
      <form onSubmit={submit} noValidate className="market-dialog-form">
        <div className={error ? 'field has-error' : 'field'}>
          <label htmlFor="sold-price">{v.soldPriceLabel}</label>
          <PriceInput id="sold-price" value={price} onValue={(p) => (setPrice(p), setError(undefined))} aria-describedby="sold-price-hint" aria-invalid={error ? true : undefined} />
          <FieldError id="sold-price" message={error} />
          <small id="sold-price-hint" className="field-hint">
            {v.soldPriceHint}
          </small>
        </div>
        <div className="dialog-actions">
          <LiteButton outlined label={v.cancel} onClick={onHide} />
          <LiteButton type="submit" icon="pi pi-check" label={v.soldConfirm} loading={status.isPending} />
        </div>
      </form>
    </AppDialog>
  );
}

function CancelDialog({ item, visible, onHide }: { item: MarketView; visible: boolean; onHide: () => void }) {
  const status = useMarketStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim() === '') return setError('취소 사유를 입력해 주세요.');
    status.mutate(
      { key: item.key, status: 'cancelled', reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(v.cancelled);
          onHide();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <AppDialog header={v.cancelDialog} visible={visible} onHide={onHide} style={{ width: '30rem', maxWidth: '95vw' }} modal draggable={false}>
      <form onSubmit={submit} noValidate className="market-dialog-form">
        <div className={error ? 'field has-error' : 'field'}>
          <label htmlFor="cancel-reason">{v.cancelReason}</label>
          <InputTextarea
            id="cancel-reason"
            rows={3}
            maxLength={200}
            value={reason}
            onChange={(e) => (setReason(e.target.value), setError(undefined))}
            aria-describedby="cancel-reason-hint"
            aria-invalid={error ? true : undefined}
          />
          <FieldError id="cancel-reason" message={error} />
          <small id="cancel-reason-hint" className="field-hint">
            {v.cancelReasonHint}
          </small>
        </div>
        <div className="dialog-actions">
          <LiteButton outlined label={v.cancel} onClick={onHide} />
          <LiteButton type="submit" icon="pi pi-ban" label={v.cancelDo} loading={status.isPending} className="p-button-danger" />
        </div>
      </form>
    </AppDialog>
  );
}

export function SellerControls({ item }: { item: MarketView }) {
  const a = item.abilities;
  const navigate = useNavigate();
  const status = useMarketStatus();
  const bump = useBumpMarket();
  const del = useDeleteMarket();
  const [dialog, setDialog] = useState<'sold' | 'cancel' | null>(null);
  if (!a.canEdit && !a.canChangeStatus && !a.canBump && !a.canDelete && !a.canCancel) return null;

  const changeStatus = (next: MarketStatus) => {
    if (next === item.status) return;
    if (next === 'sold') return setDialog('sold');
    status.mutate({ key: item.key, status: next }, { onSuccess: () => toast.success(v.statusChanged(STATUS_LABEL[next])) });
  };
  // selling ⇄ reserved, either → sold; a wanted ad: wanted → found.
  const choices: MarketStatus[] = item.kind === 'wanted' ? ['wanted', 'found'] : ['selling', 'reserved', 'sold'];

  const askDelete = () =>
    confirm({
      message: v.confirmDelete,
      icon: 'pi pi-trash',
      accept: () =>
        del.mutate(item.key, {
          onSuccess: () => {
            toast.success(v.deleted);
            navigate(marketListPath(), { replace: true });
          },
        }),
    });

  return (
    <div className="seller-controls">
      {a.canChangeStatus && (
        <div className="status-switch" role="group" aria-label={v.statusTo}>
          {choices.map((s) => (
            <LiteButton
              key={s}
              small
              outlined={s !== item.status}
              aria-pressed={s === item.status}
              label={STATUS_LABEL[s]}
              disabled={status.isPending}
              onClick={() => changeStatus(s)}
            />
          ))}
        </div>
      )}
      <div className="seller-buttons">
        {a.canEdit && (
          <Link to={marketEditPath(item.key)} className="p-button p-component p-button-sm p-button-outlined">
            <span className="p-button-icon p-button-icon-left pi pi-pencil" aria-hidden="true" />
            <span className="p-button-label">{v.edit}</span>
          </Link>
        )}
        {a.canBump && (
          <LiteButton small outlined icon="pi pi-arrow-up" label={v.bump} title={v.bumpHint} loading={bump.isPending} onClick={() => bump.mutate(item.key, { onSuccess: () => toast.success(v.bumped) })} />
        )}
        {a.canDelete && <LiteButton small outlined icon="pi pi-trash" label={v.delete} className="p-button-danger" loading={del.isPending} onClick={askDelete} />}
        {a.canCancel && <LiteButton small outlined icon="pi pi-ban" label={v.adminCancel} className="p-button-danger" onClick={() => setDialog('cancel')} />}
      </div>
      {dialog === 'sold' && <SoldDialog item={item} visible onHide={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelDialog item={item} visible onHide={() => setDialog(null)} />}
    </div>
  );
}
