// myGear (/user/gear): the member manages their gear — public or private, suggestions from their
// photos, adding a product by search with a note, and per entry its note, its place (위로/아래로),
// 삭제 and 팔기. my-info links here; visitors are asked to log in.
import { InputText } from 'primereact/inputtext';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { GEAR_NOTE_MAX, type GearEntry } from '../../../common/api/gear';
import { loginPopup } from '../../shared/login-popup-store';
import { spacePath } from '../../shared/paths';
import { useSessionUser } from '../../shared/session-store';
import { useDocumentTitle } from '../../ui/document-title';
import { ListEmpty, ListFailed, ListLoading } from '../../ui/list-state';
import { LiteButton } from '../../ui/lite-button';
import { GearHead, SellLink } from '../../ui/gear-entry';
import { cardName, ProductPicker, type PickedProduct } from '../../ui/product-picker';
import { toast } from '../../ui/toast-store';
import { gearProductSearchRoot, useDeleteGear, useGearList, useGearPrivacy, useOrderGear, useSaveGear } from './api/gear';
import { GearSuggestions } from './gear-suggestions';
import '../../ui/switch.css';
import './gear.css';
import { koGear } from './texts';

const g = koGear;

function PrivacySwitch({ on }: { on: boolean }) {
  const privacy = useGearPrivacy();
  const hint = useId();
  return (
    <section className="gear-block" aria-labelledby="gear-privacy">
      <h2 id="gear-privacy">{g.privacy}</h2>
      <label className="club-switch gear-switch">
        <input
          type="checkbox"
          role="switch"
          checked={privacy.isPending ? (privacy.variables?.private ?? on) : on}
          disabled={privacy.isPending}
          aria-describedby={hint}
          onChange={(e) => {
            const next = e.target.checked;
            privacy.mutate({ private: next }, { onSuccess: () => toast.success(next ? g.madePrivate : g.madePublic) });
          }}
        />
        <span>{g.privateSwitch}</span>
      </label>
      <small id={hint} className="field-hint">
        {g.privateHint}
      </small>
    </section>
  );
}

function AddForm() {
  const save = useSaveGear();
  const ids = useId();
  const [product, setProduct] = useState<PickedProduct | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!product) return setError(g.pickFirst);
    save.mutate(
      { productKey: product.key, note },
      {
        onSuccess: () => {
          toast.success(g.added(product.name));
          setProduct(null);
          setNote('');
        },
      },
    );
  };
  return (
    <section className="gear-block" aria-labelledby="gear-add">
      <h2 id="gear-add">{g.add}</h2>
      <form className="gear-add" onSubmit={submit} noValidate>
        <div className="gear-field">
          <label htmlFor={`${ids}-product`}>{g.product}</label>
          <ProductPicker
            inputId={`${ids}-product`}
            value={product}
            onChange={(p) => (setProduct(p), setError(''))}
            queryRoot={gearProductSearchRoot}
            placeholder={g.productPlaceholder}
            emptyMessage={g.productEmpty}
            aria={{ 'aria-invalid': error ? true : undefined, 'aria-describedby': `${ids}-product-hint` }}
          />
          <small id={`${ids}-product-hint`} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
            {error || g.productHint}
          </small>
        </div>
        <div className="gear-field">
          <label htmlFor={`${ids}-note`}>{g.note}</label>
          <InputText id={`${ids}-note`} value={note} maxLength={GEAR_NOTE_MAX} placeholder={g.notePlaceholder} autoComplete="off" onChange={(e) => setNote(e.target.value)} />
        </div>
        <LiteButton type="submit" icon="pi pi-plus" label={g.addButton} loading={save.isPending} className="gear-add-button" />
      </form>
    </section>
  );
}

function Row({ entry, index, keys }: { entry: GearEntry; index: number; keys: number[] }) {
  const save = useSaveGear();
  const remove = useDeleteGear();
  const order = useOrderGear();
  const [note, setNote] = useState(entry.note);
  const noteId = useId();
  const name = cardName(entry.product);
  const move = (by: number) => {
    const next = [...keys];
    next.splice(index, 1);
    next.splice(index + by, 0, entry.gearKey);
    order.mutate({ gearKeys: next });
  };
  return (
    <li className="gear-item">
      <GearHead product={entry.product}>
        <form
          className="gear-note-form"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ gearKey: entry.gearKey, productKey: entry.product.key, note }, { onSuccess: () => toast.success(g.noteSaved) });
          }}
        >
          <label htmlFor={noteId} className="visually-hidden">
            {g.noteOf(name)}
          </label>
          <InputText id={noteId} value={note} maxLength={GEAR_NOTE_MAX} placeholder={g.notePlaceholder} autoComplete="off" onChange={(e) => setNote(e.target.value)} />
          <LiteButton type="submit" small outlined label={g.saveNote} aria-label={g.saveNoteLabel(name)} loading={save.isPending} disabled={note === entry.note} />
        </form>
        <span className="gear-actions">
          <SellLink product={entry.product} label={g.sell} name={g.sellLabel(name)} />
          <LiteButton small text icon="pi pi-arrow-up" label={g.up} aria-label={g.upLabel(name)} disabled={index === 0 || order.isPending} onClick={() => move(-1)} />
          <LiteButton small text icon="pi pi-arrow-down" label={g.down} aria-label={g.downLabel(name)} disabled={index === keys.length - 1 || order.isPending} onClick={() => move(1)} />
          <LiteButton
            small
            text
            icon="pi pi-trash"
            label={g.remove}
            aria-label={g.removeLabel(name)}
            className="p-button-danger"
            loading={remove.isPending}
            onClick={() => remove.mutate({ gearKey: entry.gearKey }, { onSuccess: () => toast.success(g.removed(name)) })}
          />
        </span>
      </GearHead>
    </li>
  );
}

function Manage({ userId }: { userId: string }) {
  const list = useGearList(userId);
  const data = list.data;
  if (!data) return list.isError ? <ListFailed text={g.loadFailed} onRetry={() => void list.refetch()} /> : <ListLoading text={g.loading} />;
  const keys = data.items.map((e) => e.gearKey);
  return (
    <>
      <PrivacySwitch on={data.private} />
      <GearSuggestions />
      <AddForm />
      <section className="gear-block" aria-labelledby="gear-mine">
        <h2 id="gear-mine">
          {g.listLabel} <span className="gear-count">{g.count(String(keys.length))}</span>
        </h2>
        {data.items.length === 0 ? (
          <ListEmpty text={g.emptyMine} />
        ) : (
          <ul className="gear-list" aria-labelledby="gear-mine">
            {data.items.map((e, i) => (
              // The key carries the note, so a saved note elsewhere resets the field.
              <Row key={`${e.gearKey}:${e.note}`} entry={e} index={i} keys={keys} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export default function MyGearPage() {
  useDocumentTitle(g.title);
  const user = useSessionUser();
  return (
    <section className="gear-page">
      <h1>{g.title}</h1>
      <p className="lead">
        {g.intro}{' '}
        {user.logined && <Link to={spacePath(user.userId)}>{g.mySpace}</Link>}
      </p>
      {user.logined ? (
        <Manage userId={user.userId} />
      ) : (
        <p className="list-state">
          <i className="pi pi-lock" aria-hidden="true" /> {g.loginPrompt}{' '}
          <LiteButton label={g.login} icon="pi pi-sign-in" small outlined onClick={() => loginPopup.open()} />
        </p>
      )}
    </section>
  );
}
