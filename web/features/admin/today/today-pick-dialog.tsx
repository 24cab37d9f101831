// Pick or change a date's photo: the date, a gallery item (one member's by user id, or the newest
// of everyone), which of its photos shows, and a note. Radio groups, so arrows choose and Tab
// moves on; the server's message marks the field it is about.
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { TodaySave } from '../../../../common/api/gallery';
import { formatNumber } from '../../../../common/format';
import { ko } from '../../../i18n/ko';
import { koTodayAdmin } from './texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import { Field, FieldError } from '../../../ui/field';
import { LiteButton } from '../../../ui/lite-button';
import { toast } from '../../../ui/toast-store';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { type TodayRow, useTodayGalleryItem, useTodayGallerySearch, useTodaySave } from './api/today-admin';

const t = koTodayAdmin;
const NOTE_MAX = 200;

/** Today in Korea: picks are per Korean date. */
export const kstToday = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

/** A new pick (null row) or the date being changed. */
export type TodayTarget = { row: TodayRow | null };

export function TodayPickDialog({ target, onHide }: { target: TodayTarget | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AdminFormDialog title={target?.row ? t.dialogEdit(target.row.date) : t.dialogNew} visible={target !== null} onHide={onHide} formId={formId} width="46rem">
      {target && <PickForm key={target.row?.date ?? 'new'} row={target.row} formId={formId} onDone={onHide} />}
    </AdminFormDialog>
  );
}

type FieldName = 'date' | 'galleryKey' | 'fileKey' | 'note';

/** Server messages name their field by what they say. */
function fieldOf(message: string): FieldName | null {
  if (message.startsWith('날짜')) return 'date';
  if (message.startsWith('그 작품의 사진')) return 'fileKey';
  if (message.startsWith('사진을 찾을 수')) return 'galleryKey';
  if (message.startsWith('한마디')) return 'note';
  return null;
}

function PickForm({ row, formId, onDone }: { row: TodayRow | null; formId: string; onDone: () => void }) {
  const base = useId();
  const [date, setDate] = useState(row?.date ?? kstToday());
  const [picked, setPicked] = useState<{ galleryKey: number; title: string } | null>(row ? { galleryKey: row.galleryKey, title: row.title } : null);
  const [fileKey, setFileKey] = useState<string | null>(row?.photo.fileKey ?? null);
  const [note, setNote] = useState(row?.note ?? '');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ userId: '', page: 1 });
  const save = useTodaySave();
  const ids = { date: `${base}-date`, galleryKey: `${base}-search`, fileKey: `${base}-photos`, note: `${base}-note` } as const;
  const fe = useFieldErrors(ids);

  const runSearch = (userId: string) => {
    setQuery({ userId: userId.trim(), page: 1 });
    fe.clear('galleryKey');
  };
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches here instead of saving the whole form.
    if (e.key === 'Enter') {
      e.preventDefault();
      runSearch(search);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!picked) return fe.fail('galleryKey', t.galleryNone);
    const parsed = fe.check(TodaySave, { date, galleryKey: picked.galleryKey, fileKey, note });
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => {
        toast.success(t.saved);
        onDone();
      },
      onError: (error) => fe.failFromServer(error, fieldOf),
    });
  };

  return (
    <form id={formId} onSubmit={submit} noValidate className="today-pick">
      <Field id={ids.date} label={t.date} hint={t.dateHint} error={fe.error('date')}>
        <InputText
          id={ids.date}
          type="date"
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            fe.clear('date');
          }}
          {...fe.aria('date', `${ids.date}-hint`)}
        />
      </Field>

      <div className="field">
        <label htmlFor={ids.galleryKey}>{t.search}</label>
        <div className="today-pick-search">
          <InputText
            id={ids.galleryKey}
            type="search"
            value={search}
            maxLength={20}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={onSearchKey}
            {...fe.aria('galleryKey', `${ids.galleryKey}-hint`)}
          />
          <LiteButton type="button" icon="pi pi-search" label={t.searchSubmit} onClick={() => runSearch(search)} />
          {query.userId && (
            <LiteButton
              type="button"
              text
              label={t.searchClear}
              onClick={() => {
                setSearch('');
                runSearch('');
              }}
            />
          )}
        </div>
        <small id={`${ids.galleryKey}-hint`} className="field-hint">
          {t.searchHint}
        </small>
      </div>

      <GalleryChoices
        base={base}
        userId={query.userId}
        page={query.page}
        onPage={(page) => setQuery({ ...query, page })}
        picked={picked?.galleryKey ?? null}
        onPick={(g) => {
          setPicked(g);
          setFileKey(null);
          fe.clear('galleryKey');
          fe.clear('fileKey');
        }}
      />
      <FieldError id={ids.galleryKey} message={fe.error('galleryKey')} />

      <PhotoChoices
        id={ids.fileKey}
        picked={picked}
        fileKey={fileKey}
        onChoose={(k) => {
          setFileKey(k);
          fe.clear('fileKey');
        }}
      />
      <FieldError id={ids.fileKey} message={fe.error('fileKey')} />

      <Field id={ids.note} label={t.note} hint={t.noteHint} error={fe.error('note')}>
        <InputTextarea
          id={ids.note}
          value={note}
          rows={2}
          autoResize
          maxLength={NOTE_MAX + 20}
          onChange={(e) => {
            setNote(e.target.value);
            fe.clear('note');
          }}
          {...fe.aria('note', `${ids.note}-hint`)}
        />
      </Field>
    </form>
  );
}

function GalleryChoices({ base, userId, page, onPage, picked, onPick }: { base: string; userId: string; page: number; onPage: (page: number) => void; picked: number | null; onPick: (g: { galleryKey: number; title: string }) => void }) {
  const list = useTodayGallerySearch(userId, page);
  const data = list.data;
  const last = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.pageSize))) : 1;
  return (
    <fieldset className="today-pick-set">
      <legend>
        {t.results}
        {userId && ` · ${userId}`}
      </legend>
      {list.isPending ? (
        <p className="today-pick-state">{ko.common.loading}</p>
      ) : list.isError && !data ? (
        <p className="today-pick-state" role="alert">
          {list.error.message}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            {t.retry}
          </button>
        </p>
      ) : data && data.items.length > 0 ? (
        <ul className={list.isPlaceholderData ? 'today-pick-grid is-stale' : 'today-pick-grid'}>
          {data.items.map((g) => (
            <li key={g.galleryKey}>
              <label className={picked === g.galleryKey ? 'today-pick-card is-picked' : 'today-pick-card'}>
                <input type="radio" name={`${base}-gallery`} checked={picked === g.galleryKey} onChange={() => onPick({ galleryKey: g.galleryKey, title: g.title })} />
                <img src={g.cover.thumbUrl} alt="" width={g.cover.width} height={g.cover.height} loading="lazy" />
                <span className="today-pick-title">{g.title}</span>
                <span className="today-pick-meta">
                  {g.author.nickName} · {t.photoCount(formatNumber(g.photoCount))}
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="today-pick-state">{t.resultsEmpty}</p>
      )}
      {data && last > 1 && (
        <nav className="today-pick-pager" aria-label={t.pager}>
          <LiteButton type="button" text small icon="pi pi-angle-left" label={ko.prime.aria.prevPageLabel} disabled={page <= 1} onClick={() => onPage(page - 1)} />
          <span>
            {formatNumber(page)} / {formatNumber(last)}
          </span>
          <LiteButton type="button" text small icon="pi pi-angle-right" label={ko.prime.aria.nextPageLabel} disabled={page >= last} onClick={() => onPage(page + 1)} />
        </nav>
      )}
    </fieldset>
  );
}

function PhotoChoices({ id, picked, fileKey, onChoose }: { id: string; picked: { galleryKey: number; title: string } | null; fileKey: string | null; onChoose: (fileKey: string) => void }) {
  const item = useTodayGalleryItem(picked?.galleryKey ?? null);
  const photos = item.data?.photos ?? [];
  // No choice yet: the item's first photo is the one that shows.
  const chosen = fileKey ?? photos[0]?.fileKey ?? null;
  return (
    <fieldset className="today-pick-set" id={id} tabIndex={-1}>
      <legend>
        {t.photos}
        {picked && ` · ${picked.title}`}
      </legend>
      {!picked ? (
        <p className="today-pick-state">{t.galleryNone}</p>
      ) : item.isPending ? (
        <p className="today-pick-state">{ko.common.loading}</p>
      ) : (
        <ul className="today-pick-photos">
          {photos.map((p, i) => (
            <li key={p.fileKey}>
              <label className={chosen === p.fileKey ? 'today-pick-photo is-picked' : 'today-pick-photo'}>
                <input type="radio" name={`${id}-photo`} checked={chosen === p.fileKey} onChange={() => onChoose(p.fileKey)} />
                <img src={p.thumbUrl} alt={p.caption || t.photoLabel(i + 1)} width={p.width} height={p.height} loading="lazy" />
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
