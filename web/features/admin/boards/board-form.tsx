// The board form: every field of AdminBoardSave, labelled, checked with the shared contract
// before sending; the first failure (ours or the server's) marked at its field.
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type FormEvent } from 'react';
import { AdminBoardSave } from '../../../../common/api/admin-boards';
import { formatNumber } from '../../../../common/format';
import { koAdmin } from '../texts';
import { koAdminBoard } from './texts';
import { Field, FieldError } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { useBoardSave, type AdminBoardRowData as Row, type AdminLevelData } from './api/board-admin';
import { BoardCategories, categoryDraft, type CategoryDraft } from './board-categories';

const t = koAdminBoard;

type LevelField = 'readLevel' | 'writeLevel' | 'commentLevel';
type FlagField = 'adminOnly' | 'noticeOnly' | 'hidden' | 'answers';

/** Words in a server message → the form field (first hit wins, so the specific ones come first). */
const MESSAGE_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/매니저/, 'managers'],
  [/게시판 주소/, 'id'],
  [/읽기 등급/, 'readLevel'],
  [/글쓰기 등급/, 'writeLevel'],
  [/댓글 등급/, 'commentLevel'],
  [/분류/, 'categories'],
  [/글 포인트/, 'pointsPost'],
  [/댓글 포인트/, 'pointsComment'],
  [/설명/, 'description'],
  [/게시판 이름/, 'name'],
];
export const boardMessageField = (message: string) => MESSAGE_WORDS.find(([re]) => re.test(message))?.[1] ?? null;

export interface BoardFormProps {
  row: Row | null;
  levels: AdminLevelData[];
  defaultPoints: { post: number; comment: number };
  formId: string;
  onSaved: () => void;
}

export function BoardForm({ row, levels, defaultPoints, formId, onSaved }: BoardFormProps) {
  const base = useId();
  const [draft, setDraft] = useState({
    id: row?.id ?? '',
    name: row?.name ?? '',
    description: row?.description ?? '',
    readLevel: row?.readLevel ?? 0,
    writeLevel: row?.writeLevel ?? 1,
    commentLevel: row?.commentLevel ?? 1,
    adminOnly: row?.adminOnly ?? false,
    noticeOnly: row?.noticeOnly ?? false,
    hidden: row?.hidden ?? false,
    secretPosts: row?.secretPosts ?? ('off' as 'off' | 'allowed' | 'always'),
    answers: row?.answers ?? false,
    pointsPost: row?.pointsPost == null ? '' : String(row.pointsPost),
    pointsComment: row?.pointsComment == null ? '' : String(row.pointsComment),
    managers: row?.managers.map((m) => m.userId).join(', ') ?? '',
  });
  const [categories, setCategories] = useState<CategoryDraft[]>(() =>
    row ? row.categories.map((c) => categoryDraft(c.name, c.code, c.posts)) : [categoryDraft(t.defaultCategory)],
  );
  const save = useBoardSave();
  const ids = {
    id: `${base}-id`,
    name: `${base}-name`,
    description: `${base}-description`,
    readLevel: `${base}-readLevel`,
    writeLevel: `${base}-writeLevel`,
    commentLevel: `${base}-commentLevel`,
    secretPosts: `${base}-secretPosts`,
    pointsPost: `${base}-pointsPost`,
    pointsComment: `${base}-pointsComment`,
    categories: `${base}-categories`,
    managers: `${base}-managers`,
  };
  const fe = useFieldErrors(ids);
  type FieldName = keyof typeof ids;
  const set = <K extends keyof typeof draft>(field: K, value: (typeof draft)[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (field in ids) fe.clear(field as FieldName);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const points: Record<'pointsPost' | 'pointsComment', number | null> = { pointsPost: null, pointsComment: null };
    for (const field of ['pointsPost', 'pointsComment'] as const) {
      const text = draft[field].trim();
      if (text === '') continue;
      if (!/^\d{1,4}$/.test(text)) return fe.fail(field, t.pointsInvalid);
      points[field] = Number(text);
    }
    const values = {
      ...(row && { originalId: row.id }),
      ...draft,
      ...points,
      // Member ids, separated by commas or spaces.
      managers: draft.managers.split(/[\s,]+/).filter(Boolean),
      categories: categories.map((c) => ({ ...(c.code !== undefined && { code: c.code }), name: c.name })),
    };
    const parsed = fe.check(AdminBoardSave, values);
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => {
        toast.success(row ? koAdmin.saved : t.savedNew);
        onSaved();
      },
      onError: (error) => fe.failFromServer(error, (message) => boardMessageField(message) as FieldName | null),
    });
  };

  const levelSelect = (field: LevelField, label: string, min: number) => (
    <Field id={ids[field]} label={label} error={fe.error(field)}>
      <select id={ids[field]} className="p-inputtext p-component" value={draft[field]} onChange={(e) => set(field, Number(e.target.value))} {...fe.aria(field)}>
        {min === 0 && <option value={0}>{t.visitors}</option>}
        {levels.map((l) => (
          <option key={l.order} value={l.order}>
            {t.levelOption(l.order, l.name)}
          </option>
        ))}
      </select>
    </Field>
  );
  const flag = (field: FlagField, label: string) => (
    <div className="field-check admin-check">
      <Checkbox inputId={`${base}-${field}`} checked={draft[field]} onChange={(e) => set(field, e.checked === true)} />
      <label htmlFor={`${base}-${field}`}>{label}</label>
    </div>
  );
  const pointsInput = (field: 'pointsPost' | 'pointsComment', label: string, fallback: number) => (
    <Field id={ids[field]} label={label} hint={t.pointsHint(formatNumber(fallback))} error={fe.error(field)}>
      <InputText id={ids[field]} value={draft[field]} inputMode="numeric" maxLength={4} onChange={(e) => set(field, e.target.value)} {...fe.aria(field, `${ids[field]}-hint`)} />
    </Field>
  );
  // The address is fixed once the board holds a post (the server refuses a change too).
  const idFixed = row?.hasPosts === true;

  return (
    <form id={formId} className="product-form" onSubmit={submit} noValidate>
      <fieldset className="form-section">
        <legend>{t.basics}</legend>
        <div className="form-grid">
          <Field id={ids.name} label={t.name} error={fe.error('name')}>
            <InputText id={ids.name} value={draft.name} maxLength={30} onChange={(e) => set('name', e.target.value)} {...fe.aria('name')} />
          </Field>
          <Field id={ids.id} label={t.id} hint={idFixed ? t.idFixed : t.idHint} error={fe.error('id')}>
            <InputText
              id={ids.id}
              value={draft.id}
              maxLength={20}
              readOnly={idFixed}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(e) => set('id', e.target.value)}
              {...fe.aria('id', `${ids.id}-hint`)}
            />
          </Field>
        </div>
        <Field id={ids.description} label={t.description} error={fe.error('description')}>
          <InputText id={ids.description} value={draft.description} maxLength={200} onChange={(e) => set('description', e.target.value)} {...fe.aria('description')} />
        </Field>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.rights}</legend>
        <div className="form-grid">
          {levelSelect('readLevel', t.readLevel, 0)}
          {levelSelect('writeLevel', t.writeLevel, 1)}
          {levelSelect('commentLevel', t.commentLevel, 1)}
        </div>
        {flag('adminOnly', t.adminOnly)}
        {flag('noticeOnly', t.noticeOnly)}
        {flag('hidden', t.hidden)}
        <Field id={ids.managers} label={t.managers} hint={t.managersHint} error={fe.error('managers')}>
          <InputText
            id={ids.managers}
            value={draft.managers}
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t.managersPlaceholder}
            onChange={(e) => set('managers', e.target.value)}
            {...fe.aria('managers', `${ids.managers}-hint`)}
          />
        </Field>
        {row && row.managers.length > 0 && <p className="field-hint">{t.managersNow(row.managers.map((m) => `${m.nickName}(${m.userId})`).join(', '))}</p>}
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.postKinds}</legend>
        <Field id={ids.secretPosts} label={t.secretPosts} error={fe.error('secretPosts')}>
          <select
            id={ids.secretPosts}
            className="p-inputtext p-component"
            value={draft.secretPosts}
            onChange={(e) => set('secretPosts', e.target.value as typeof draft.secretPosts)}
            {...fe.aria('secretPosts')}
          >
            {(['off', 'allowed', 'always'] as const).map((mode) => (
              <option key={mode} value={mode}>
                {t.secretMode[mode]}
              </option>
            ))}
          </select>
        </Field>
        {flag('answers', t.answers)}
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.points}</legend>
        <div className="form-grid">
          {pointsInput('pointsPost', t.pointsPost, defaultPoints.post)}
          {pointsInput('pointsComment', t.pointsComment, defaultPoints.comment)}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.categories}</legend>
        <p id={`${ids.categories}-hint`} className="field-hint">
          {t.categoriesHint}
        </p>
        <BoardCategories
          id={ids.categories}
          boardId={row?.id ?? null}
          rows={categories}
          onChange={(next) => {
            setCategories(next);
            fe.clear('categories');
          }}
          invalid={fe.error('categories') !== undefined}
          describedBy={[`${ids.categories}-hint`, fe.error('categories') && `${ids.categories}-error`].filter(Boolean).join(' ')}
        />
        <FieldError id={ids.categories} message={fe.error('categories')} />
      </fieldset>
    </form>
  );
}
