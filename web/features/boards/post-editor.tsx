// The write / edit form: category, subject, the rich editor, uploads with a progress bar,
// attachments, a draft kept in the browser every few seconds, and save.
import { InputText } from 'primereact/inputtext';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PostSave, type BoardInfo, type PostView } from '../../../common/api/boards';
import { emoticonsToTokens } from '../../../common/content/emoticons';
import { formatDateTime } from '../../../common/format';
import { uploadFile } from '../../api/file-upload';
import { ko } from '../../i18n/ko';
import { draftKey, useDraftAutosave, type DraftParser } from '../../ui/draft-autosave';
import { FieldError } from '../../ui/field';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useSavePost } from './api/post-save';
import { useSpamProof } from '../../ui/spam-proof';
import { boardListPath, postPath } from '../../shared/paths';
import { RichEditor, type RichEditorHandle } from '../../ui/rich-editor';
import { koBoards } from './texts';
import { PollEditor, pollDraftOf, pollInputOf, type PollDraft } from '../polls/poll-editor';
import { PollInput } from '../../../common/api/polls';

const e = koBoards.editor;

interface Upload {
  id: number;
  name: string;
  percent: number;
}

export interface PostEditorProps {
  board: BoardInfo;
  /** Editing this post; a new post when absent. */
  post?: PostView;
  /** The category the member came from (a new post). */
  category?: string;
  /** A new answer (답글) to this post: its subject starts the answer's, its secrecy binds it. */
  answerTo?: Pick<PostView, 'key' | 'subject' | 'category' | 'secret'>;
}

let uploadSeq = 0;

/** An upload held by the post (a photo in the text or an attachment). */
interface DraftFile {
  fileKey: string;
  name: string;
  size: number;
  image: boolean;
  url: string;
}

interface PostDraft {
  category: string;
  subject: string;
  html: string;
  notice: boolean;
  files: DraftFile[];
  savedAt: number;
}

const parsePostDraft: DraftParser<PostDraft> = (d, filesKept) => {
  if (typeof d.html !== 'string' || typeof d.subject !== 'string' || typeof d.category !== 'string') return null;
  return {
    category: d.category,
    subject: d.subject,
    html: d.html,
    notice: d.notice === true,
    files: filesKept && Array.isArray(d.files) ? d.files : [],
    savedAt: d.savedAt ?? 0,
  };
};

const toDraftFile = (f: DraftFile): DraftFile => ({ fileKey: f.fileKey, name: f.name, size: f.size, image: f.image, url: f.url });

export function PostEditor({ board, post, category: fromCategory, answerTo }: PostEditorProps) {
  const navigate = useNavigate();
  const save = useSavePost();
  // A new member's new post carries a solved challenge (none asked for an edit).
  const spam = useSpamProof('post', !post);
  const [sending, setSending] = useState(false);
  const editor = useRef<RichEditorHandle>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const categories = useMemo(() => board.categories.filter((c) => c.code !== 'c0'), [board.categories]);
  const firstCategory = categories.some((c) => c.code === fromCategory) ? fromCategory! : (categories[0]?.code ?? 'c0');
  const [category, setCategory] = useState(post?.category ?? (answerTo && categories.some((c) => c.code === answerTo.category) ? answerTo.category : firstCategory));
  const [subject, setSubject] = useState(post?.subject ?? (answerTo ? e.answerPrefix(answerTo.subject) : ''));
  // 비밀글 (decision 39): the writer's choice where the board allows it; forced on an 'always'
  // board and under a secret post (the server decides the same).
  const [secret, setSecret] = useState(post?.secret ?? false);
  const secretForced = board.secretPosts === 'always' || answerTo?.secret === true;
  const fe = useFieldErrors({ subject: 'post-subject', content: 'post-content' });
  const onContentChange = () => fe.clear('content');
  const [notice, setNotice] = useState(post?.notice ?? false);
  const [files, setFiles] = useState<DraftFile[]>(() => (post?.files ?? []).map(toDraftFile));
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [poll, setPoll] = useState<PollDraft | null>(() => pollDraftOf(post?.poll));
  const [pollError, setPollError] = useState<string | undefined>();

  const draft = useDraftAutosave({
    key: draftKey(board.id, post?.key),
    values: { category, subject, notice, files },
    editor,
    parse: parsePostDraft,
    offer: e.draftFound,
    restore: (d) => {
      if (categories.some((c) => c.code === d.category)) setCategory(d.category);
      setSubject(d.subject);
      setNotice(d.notice);
      setFiles((now) => [...now, ...d.files.filter((f) => !now.some((n) => n.fileKey === f.fileKey))]);
    },
  });

  const addFiles = async (list: File[], at?: number) => {
    let where = at;
    for (const file of list) {
      const id = ++uploadSeq;
      setUploads((u) => [...u, { id, name: file.name, percent: 0 }]);
      try {
        const result = await uploadFile(file, (percent) => setUploads((u) => u.map((x) => (x.id === id ? { ...x, percent } : x))));
        setFiles((f) => [...f, toDraftFile(result)]);
        if (result.image) {
          editor.current?.insertImage(result.url, result.name, where);
          where = undefined; // the next photo follows this one
        }
      } catch {
        // The call helper has shown why.
      } finally {
        setUploads((u) => u.filter((x) => x.id !== id));
      }
    }
  };

  const picked = (ev: { target: HTMLInputElement }) => {
    const list = Array.from(ev.target.files ?? []);
    ev.target.value = '';
    if (list.length) void addFiles(list);
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (save.isPending || sending) return;
    if (uploads.length > 0) return void toast.info(e.uploadWait);
    const html = editor.current?.getHtml() ?? '';
    // Photos taken out of the text are let go; attachments stay until removed. Order = file0, file1 …
    const used = files.filter((f) => !f.image || html.includes(f.fileKey)).map((f) => f.fileKey);
    const pollInput = poll ? pollInputOf(poll) : null;
    const form = {
      boardId: board.id,
      category,
      subject,
      content: html,
      files: used,
      notice: board.abilities.canManage ? notice : (post?.notice ?? false),
      secret: board.secretPosts === 'allowed' && !secretForced && secret,
      ...(post ? { key: post.key } : {}),
      ...(!post && answerTo ? { answerTo: answerTo.key } : {}),
      // A poll added or kept goes with every save; one taken away is sent as null.
      ...(pollInput ? { poll: pollInput } : post?.poll ? { poll: null } : {}),
    };
    const pollCheck = pollInput ? PollInput.safeParse(pollInput) : null;
    setPollError(pollCheck?.success === false ? pollCheck.error.issues[0]?.message : undefined);
    if (pollCheck?.success === false) return;
    if (!fe.check(PostSave, form)) return;
    setSending(true);
    const proof = await spam.headers();
    setSending(false);
    if (!proof) return;
    save.mutate({ ...form, proof }, {
      onSettled: () => !post && spam.renew(),
      onSuccess: ({ key: saved }) => {
        draft.finish();
        toast.success(e.saved);
        navigate(postPath(board.id, saved), { replace: true });
      },
    });
  };

  const cancel = () => navigate(post ? postPath(board.id, post.key) : boardListPath(board.id, fromCategory ?? 'c0'));
  const attachments = files.filter((f) => !f.image);

  return (
    <form className="post-editor form-card" onSubmit={(ev) => void submit(ev)} noValidate>
      <div className="editor-row">
        {categories.length > 0 && (
          <div className="field editor-category">
            <label htmlFor="post-category">{e.category}</label>
            <select id="post-category" className="p-inputtext p-component" value={category} onChange={(ev) => setCategory(ev.target.value)}>
              {categories.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {board.abilities.canManage && (
          <div className="field-check editor-notice">
            <input id="post-notice" type="checkbox" checked={notice} onChange={(ev) => setNotice(ev.target.checked)} />
            <label htmlFor="post-notice">{e.notice}</label>
          </div>
        )}
        {board.secretPosts === 'allowed' && !secretForced && (
          <div className="field-check editor-secret">
            <input id="post-secret" type="checkbox" checked={secret} onChange={(ev) => setSecret(ev.target.checked)} aria-describedby="post-secret-hint" />
            <label htmlFor="post-secret">
              <i className="pi pi-lock" aria-hidden="true" /> {e.secret}
            </label>
            <span id="post-secret-hint" className="field-hint">
              {e.secretHint}
            </span>
          </div>
        )}
        {secretForced && (
          <p className="field-hint editor-secret">
            <i className="pi pi-lock" aria-hidden="true" /> {board.secretPosts === 'always' ? e.secretAlways : e.secretAnswer}
          </p>
        )}
      </div>
      {answerTo && (
        <p className="editor-answering">
          {e.answering}: <Link to={postPath(board.id, answerTo.key)}>{answerTo.subject}</Link>
        </p>
      )}
      <div className="field">
        <label htmlFor="post-subject">{e.subject}</label>
        <InputText
          id="post-subject"
          value={subject}
          maxLength={200}
          onChange={(ev) => {
            setSubject(ev.target.value);
            fe.clear('subject');
          }}
          autoComplete="off"
          {...fe.aria('subject')}
        />
        <FieldError id="post-subject" message={fe.error('subject')} />
      </div>
      <div className="field">
        <span id="post-content-label" className="field-label">
          {e.content}
        </span>
        <RichEditor
          ref={editor}
          initialHtml={post ? emoticonsToTokens(post.contentHtml) : ''}
          labelId="post-content-label"
          onFiles={(list, at) => void addFiles(list, at)}
          onPickImage={() => imageInput.current?.click()}
          onPickFile={() => fileInput.current?.click()}
          emoticons={board.emoticons}
          inputId="post-content"
          onChange={onContentChange}
          {...fe.aria('content')}
        />
        <FieldError id="post-content" message={fe.error('content')} />
        <input ref={imageInput} type="file" accept="image/*,.heic,.heif" multiple hidden className="image-picker" aria-label={ko.editor.image} onChange={picked} />
        <input ref={fileInput} type="file" multiple hidden className="file-picker" aria-label={ko.editor.attach} onChange={picked} />
      </div>

      {uploads.length > 0 && (
        <ul className="upload-list" aria-label={e.progress}>
          {uploads.map((u) => (
            <li key={u.id}>
              <span className="upload-name">{e.uploading(u.name)}</span>
              <progress max={100} value={u.percent} aria-label={e.uploading(u.name)} />
              <span className="upload-percent">{u.percent}%</span>
            </li>
          ))}
        </ul>
      )}

      <PollEditor value={poll} onChange={(next) => (setPoll(next), setPollError(undefined))} locked={post?.poll?.locked ?? false} error={pollError} />

      <section className="editor-attachments" aria-labelledby="editor-attachments-title">
        <h2 id="editor-attachments-title">
          <i className="pi pi-paperclip" aria-hidden="true" /> {e.attachments}
        </h2>
        <p className="field-hint">{e.attachmentsHint}</p>
        {attachments.length === 0 ? (
          <p className="attachments-empty">{e.noAttachments}</p>
        ) : (
          <ul className="attachment-list">
            {attachments.map((f) => (
              <li key={f.fileKey}>
                <i className="pi pi-file" aria-hidden="true" /> <span className="attachment-name">{f.name}</span>
                <button
                  type="button"
                  className="p-button p-component p-button-text p-button-danger p-button-sm attachment-remove"
                  aria-label={e.remove(f.name)}
                  onClick={() => setFiles((all) => all.filter((x) => x.fileKey !== f.fileKey))}
                >
                  <span className="p-button-icon pi pi-times" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {spam.element}
      <div className="editor-actions">
        <span className="draft-status">{draft.savedAt !== null && e.draftSavedAt(formatDateTime(draft.savedAt).slice(11))}</span>
        <LiteButton label={e.cancel} outlined onClick={cancel} />
        <LiteButton type="submit" label={e.save} icon="pi pi-check" loading={save.isPending || sending} />
      </div>
    </form>
  );
}
