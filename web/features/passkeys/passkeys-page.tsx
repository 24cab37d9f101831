// passkeys (/user/passkeys, docs/product/sign-in.md#passkeys): register a passkey (within 15
// minutes of my-info's password prompt, which links here), the member's passkeys with where and
// when each was made and last used, rename one, remove one. Visitors are asked to log in.
import { useId, useState, type FormEvent } from 'react';
import { PASSKEY_NAME_MAX, type PasskeyItem } from '../../../common/api/passkeys';
import { ApiError } from '../../api/call';
import { openMyInfo } from '../../shared/account-dialog-store';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { confirm } from '../../ui/confirm';
import { useDocumentTitle } from '../../ui/document-title';
import { formatPostDate } from '../../ui/list-date';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { PasskeyCeremonyError } from './api/ceremony';
import { useDeletePasskey, usePasskeys, useRegisterPasskey, useRenamePasskey } from './api/passkeys';
import './passkeys.css';
import { koPasskeys } from './texts';

const k = koPasskeys;

function AddPasskey() {
  const ids = useId();
  const [name, setName] = useState('');
  const [needsPassword, setNeedsPassword] = useState(false);
  const register = useRegisterPasskey();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (register.isPending) return;
    register.mutate(name.trim(), {
      onSuccess: () => {
        setName('');
        setNeedsPassword(false);
        toast.success(k.added);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 403) setNeedsPassword(true);
        else if (err instanceof PasskeyCeremonyError) toast.info(err.message);
        else toast.error(err.message);
      },
    });
  };

  return (
    <form className="passkey-add" onSubmit={submit} noValidate>
      <h2>{k.addTitle}</h2>
      <div className="field">
        <label htmlFor={`${ids}-name`}>{k.nameLabel}</label>
        <input
          id={`${ids}-name`}
          className="p-inputtext p-component"
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          aria-describedby={`${ids}-hint`}
          onChange={(e) => setName(e.target.value)}
        />
        <small id={`${ids}-hint`} className="passkey-hint">
          {k.nameHint}
        </small>
      </div>
      {needsPassword && (
        <p className="passkey-reauth" role="alert">
          <i className="pi pi-lock" aria-hidden="true" /> {k.reauthNeeded}{' '}
          <LiteButton label={k.openMyInfo} icon="pi pi-user" outlined onClick={openMyInfo} />
        </p>
      )}
      <LiteButton type="submit" icon="pi pi-plus" label={k.add} loading={register.isPending} />
    </form>
  );
}

function RenameForm({ item, onDone }: { item: PasskeyItem; onDone: () => void }) {
  const ids = useId();
  const [name, setName] = useState(item.name);
  const rename = useRenamePasskey();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate(
      { id: item.id, name: name.trim() },
      {
        onSuccess: () => {
          toast.success(k.renamed);
          onDone();
        },
      },
    );
  };
  return (
    <form className="passkey-rename" onSubmit={submit} noValidate>
      <label htmlFor={`${ids}-rename`}>{k.renameField}</label>
      <input
        id={`${ids}-rename`}
        className="p-inputtext p-component"
        value={name}
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
        autoFocus
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
      />
      <span className="passkey-buttons">
        <LiteButton type="submit" icon="pi pi-check" label={k.renameSave} loading={rename.isPending} />
        <LiteButton icon="pi pi-times" label={k.renameCancel} outlined onClick={onDone} />
      </span>
    </form>
  );
}

function PasskeyRow({ item }: { item: PasskeyItem }) {
  const [renaming, setRenaming] = useState(false);
  const remove = useDeletePasskey();
  const where = [...new Set(item.transports.map((t) => k.transport[t]).filter(Boolean))];
  if (item.backedUp) where.push(k.synced);

  const askRemove = () =>
    confirm({
      message: k.removeConfirm(item.name),
      icon: 'pi pi-exclamation-triangle',
      defaultFocus: 'reject',
      accept: () => remove.mutate({ id: item.id }, { onSuccess: () => toast.success(k.removed) }),
    });

  return (
    <li className="passkey-row">
      <div className="passkey-text">
        <h3 className="passkey-name">
          <i className="pi pi-key" aria-hidden="true" /> {item.name}
        </h3>
        {where.length > 0 && <span className="passkey-where">{where.join(' · ')}</span>}
        <span className="passkey-dates">{k.createdAt(item.createdDevice, formatPostDate(item.createdAt))}</span>
        <span className="passkey-dates">{item.lastUsedAt ? k.lastUsed(item.lastUsedDevice, formatPostDate(item.lastUsedAt)) : k.neverUsed}</span>
      </div>
      {renaming ? (
        <RenameForm item={item} onDone={() => setRenaming(false)} />
      ) : (
        <span className="passkey-buttons">
          <LiteButton icon="pi pi-pencil" label={k.rename} outlined aria-label={k.renameLabel(item.name)} onClick={() => setRenaming(true)} />
          <LiteButton
            icon="pi pi-trash"
            label={k.remove}
            outlined
            className="p-button-danger"
            aria-label={k.removeLabel(item.name)}
            loading={remove.isPending}
            onClick={askRemove}
          />
        </span>
      )}
    </li>
  );
}

function PasskeyListSection() {
  const list = usePasskeys(true);
  let body;
  if (list.isPending) {
    body = (
      <p className="list-state" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {k.loading}
      </p>
    );
  } else if (list.isError || !list.data) {
    body = (
      <p className="list-state" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {list.error?.message || k.loadFailed}{' '}
        <LiteButton label={k.retry} icon="pi pi-refresh" small outlined onClick={() => void list.refetch()} />
      </p>
    );
  } else if (list.data.length === 0) {
    body = <p className="passkey-empty">{k.empty}</p>;
  } else {
    body = (
      <ul className="passkey-list">
        {list.data.map((item) => (
          <PasskeyRow key={item.id} item={item} />
        ))}
      </ul>
    );
  }
  return (
    <section className="passkey-section" aria-labelledby="passkey-list-title">
      <h2 id="passkey-list-title">{k.listTitle}</h2>
      {body}
    </section>
  );
}

export default function PasskeysPage() {
  useDocumentTitle(k.title);
  const user = useSessionUser();
  return (
    <section className="passkeys-page">
      <h1>{k.title}</h1>
      <p className="lead">{k.intro}</p>
      {user.logined ? (
        <>
          <AddPasskey />
          <PasskeyListSection />
        </>
      ) : (
        <p className="list-state">
          <i className="pi pi-lock" aria-hidden="true" /> {k.loginPrompt}{' '}
          <LiteButton label={k.login} icon="pi pi-sign-in" small outlined onClick={() => loginPopup.open()} />
        </p>
      )}
    </section>
  );
}
