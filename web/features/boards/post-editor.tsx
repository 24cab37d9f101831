// The write / edit form: category, subject, the rich editor, uploads with a progress bar,
// attachments, a draft kept in the browser every few seconds, and save.
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PostSave, type BoardInfo, type PostView } from '../../../common/api/boards';
import { emoticonsToTokens } from '../../../common/content/emoticons';
import { formatDateTime } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { confirm } from '../../ui/confirm';
import { FieldError } from '../../ui/field';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { uploadFile } from './api/file-upload';
import { useSavePost } from './api/post-save';
import { draftKey, readDraft, removeDraft, writeDraft, type DraftFile } from './drafts';
import { boardListPath, postPath } from './paths';
import { RichEditor, type RichEditorHandle } from '../../ui/rich-editor';

const e = ko.boards.editor;
const AUTOSAVE_MS = 5000;

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
}

let uploadSeq = 0;

const toDraftFile = (f: DraftFile): DraftFile => ({ fileKey: f.fileKey, name: f.name, size: f.size, image: f.image, url: f.url });

export function PostEditor({ board, post, category: fromCategory }: PostEditorProps) {
  const navigate = useNavigate();
  const save = useSavePost();
  const editor = useRef<RichEditorHandle>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const categories = useMemo(() => board.categories.filter((c) => c.code !== 'c0'), [board.categories]);
  const firstCategory = categories.some((c) => c.code === fromCategory) ? fromCategory! : (categories[0]?.code ?? 'c0');
  const [category, setCategory] = useState(post?.category ?? firstCategory);
  const [subject, setSubject] = useState(post?.subject ?? '');
  const fe = useFieldErrors({ subject: 'post-subject', content: 'post-content' });
  const onContentChange = () => fe.clear('content');
  const [notice, setNotice] = useState(post?.notice ?? false);
  const [files, setFiles] = useState<DraftFile[]>(() => (post?.files ?? []).map(toDraftFile));
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [draftSavedAt, setDraftSavedAt] = useState<number | null>(null);

  // The draft machinery reads the latest values without re-arming its timer.
  const key = draftKey(board.id, post?.key);
  const latest = useRef({ category, subject, notice, files });
  useEffect(() => {
    latest.current = { category, subject, notice, files };
  });
  const baseline = useRef<string | null>(null);
  const lastStored = useRef<string | null>(null);
  const draftDecided = useRef(false);
  const finished = useRef(false);

  /** What the form holds now, or null while the editor is not ready. */
  const snapshot = useCallback(() => {
    const html = editor.current?.getHtml() ?? null;
    if (html === null) return null;
    const { category: c, subject: s, notice: n, files: f } = latest.current;
    return { key: JSON.stringify({ c, s, n, h: html, f: f.map((x) => x.fileKey) }), html };
  }, []);

  const storeDraft = useCallback(() => {
    if (!draftDecided.current || finished.current) return;
    const snap = snapshot();
    if (snap === null) return;
    // The first look after opening (or after taking a draft back) is the starting point.
    if (baseline.current === null) {
      baseline.current = snap.key;
      lastStored.current = snap.key;
      return;
    }
    if (snap.key === lastStored.current) return;
    if (snap.key === baseline.current) {
      // Back to what the page opened with: nothing worth keeping.
      removeDraft(key);
      lastStored.current = snap.key;
      return;
    }
    const { category: c, subject: s, notice: n, files: f } = latest.current;
    const savedAt = Date.now();
    if (writeDraft(key, { category: c, subject: s, notice: n, files: f, html: snap.html, savedAt })) {
      lastStored.current = snap.key;
      setDraftSavedAt(savedAt);
    }
  }, [key, snapshot]);

  // On opening: remember the starting point, then offer a stored draft back.
  const offered = useRef(false);
  useEffect(() => {
    if (offered.current) return;
    offered.current = true;
    const draft = readDraft(key);
    if (!draft) {
      draftDecided.current = true;
      return;
    }
    confirm({
      message: e.draftFound,
      icon: 'pi pi-file-edit',
      accept: () => {
        if (categories.some((c) => c.code === draft.category)) setCategory(draft.category);
        setSubject(draft.subject);
        setNotice(draft.notice);
        setFiles((now) => [...now, ...draft.files.filter((f) => !now.some((n) => n.fileKey === f.fileKey))]);
        editor.current?.setHtml(draft.html);
        draftDecided.current = true;
        // The draft stays stored until the post is saved or the draft is declined next time.
        baseline.current = null;
      },
      reject: () => {
        removeDraft(key);
        draftDecided.current = true;
      },
    });
  }, [key, categories]);

  useEffect(() => {
    // The starting point is fixed as soon as the editor is ready (it loads lazily, so poll
    // briefly rather than guess a delay); after that a look every few seconds.
    const first = setInterval(() => {
      if (baseline.current !== null) clearInterval(first);
      else storeDraft();
    }, 100);
    const timer = setInterval(storeDraft, AUTOSAVE_MS);
    window.addEventListener('pagehide', storeDraft);
    return () => {
      clearInterval(first);
      clearInterval(timer);
      window.removeEventListener('pagehide', storeDraft);
      storeDraft();
    };
  }, [storeDraft]);

  const addFiles = async (list: File[], at?: number) => {
    let where = at;
    for (const file of list) {
      const id = ++uploadSeq;
      setUploads((u) => [...u, { id, name: file.name, percent: 0 }]);
      try {
        const result = await uploadFile({ file, onProgress: (percent) => setUploads((u) => u.map((x) => (x.id === id ? { ...x, percent } : x))) });
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

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (save.isPending) return;
    if (uploads.length > 0) return void toast.info(e.uploadWait);
    const html = editor.current?.getHtml() ?? '';
    // Photos taken out of the text are let go; attachments stay until removed. Order = file0, file1 …
    const used = files.filter((f) => !f.image || html.includes(f.fileKey)).map((f) => f.fileKey);
    const form = {
      boardId: board.id,
      category,
      subject,
      content: html,
      files: used,
      notice: board.abilities.canManage ? notice : (post?.notice ?? false),
      ...(post ? { key: post.key } : {}),
    };
    if (!fe.check(PostSave, form)) return;
    save.mutate(form, {
      onSuccess: ({ key: saved }) => {
        finished.current = true;
        removeDraft(key);
        toast.success(e.saved);
        navigate(postPath(board.id, saved), { replace: true });
      },
    });
  };

  const cancel = () => navigate(post ? postPath(board.id, post.key) : boardListPath(board.id, fromCategory ?? 'c0'));
  const attachments = files.filter((f) => !f.image);

  return (
    <form className="post-editor form-card" onSubmit={submit} noValidate>
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
      </div>
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
        <input ref={imageInput} type="file" accept="image/*" multiple hidden className="image-picker" aria-label={e.image} onChange={picked} />
        <input ref={fileInput} type="file" multiple hidden className="file-picker" aria-label={e.attach} onChange={picked} />
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

      <div className="editor-actions">
        <span className="draft-status">{draftSavedAt !== null && e.draftSavedAt(formatDateTime(draftSavedAt).slice(11))}</span>
        <LiteButton label={e.cancel} outlined onClick={cancel} />
        <LiteButton type="submit" label={e.save} icon="pi pi-check" loading={save.isPending} />
      </div>
    </form>
  );
}
