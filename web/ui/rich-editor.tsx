// The post editor: TipTap with a small Korean toolbar. Files pasted, dropped or picked go to
// onFiles; the page uploads them and calls insertImage for each photo. Loaded only with the
// write and edit pages.
import { Image } from '@tiptap/extension-image';
import { Link as LinkMark } from '@tiptap/extension-link';
import { Placeholder } from '@tiptap/extension-placeholder';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type FormEvent } from 'react';
import { linkKind } from '../../common/content/urls';
import { ko } from '../i18n/ko';
import { toast } from './toast-store';
import { EmoticonButton, EmoticonGrid, useEmoticonPicker, type Emoticons } from './emoticon-picker';
import './rich-editor.css';

const e = ko.editor;

export interface RichEditorHandle {
  /** The content as HTML; null while the editor is not (or no longer) mounted. */
  getHtml(): string | null;
  /** The content as the editor first showed it, before anyone typed; null until then. */
  getOpeningHtml(): string | null;
  setHtml(html: string): void;
  /** Puts a photo at the cursor (or where it was dropped). */
  insertImage(src: string, alt: string, at?: number): void;
  focus(): void;
}

export interface RichEditorProps {
  initialHtml: string;
  labelId: string;
  onFiles: (files: File[], at?: number) => void;
  onPickImage: () => void;
  onPickFile: () => void;
  onChange?: () => void;
  /** The community's emoticons; the 이모티콘 button puts ^{key} at the cursor. */
  emoticons?: Emoticons;
  /** The editable area's id (so a failed check can focus it) and its field-error attributes. */
  inputId?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

function ToolButton({ label, active, onClick, className = '', icon }: { label: string; active?: boolean; onClick: () => void; className?: string; icon?: string }) {
  return (
    <button
      type="button"
      className={`tool-button ${className} ${active ? 'is-active' : ''}`.trim()}
      aria-pressed={active === undefined ? undefined : active}
      // Keep the editor's selection: the toolbar acts on it.
      onMouseDown={(ev) => ev.preventDefault()}
      onClick={onClick}
    >
      {icon && <i className={icon} aria-hidden="true" />}
      <span>{label}</span>
    </button>
  );
}

function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [url, setUrl] = useState<string>((editor.getAttributes('link').href as string | undefined) ?? 'https://');
  const apply = (ev: FormEvent) => {
    ev.preventDefault();
    const href = url.trim();
    if (linkKind(href) !== 'web') return void toast.info(e.linkBad);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else chain.setLink({ href }).run();
    onClose();
  };
  return (
    <form className="link-form" onSubmit={apply}>
      <label htmlFor="editor-link-url">{e.linkUrl}</label>
      <input
        id="editor-link-url"
        className="p-inputtext p-component"
        type="url"
        inputMode="url"
        value={url}
        autoFocus
        onChange={(ev) => setUrl(ev.target.value)}
        onKeyDown={(ev) => {
          if (ev.key === 'Escape') {
            ev.preventDefault();
            onClose();
            editor.commands.focus();
          }
        }}
      />
      <button type="submit" className="p-button p-component p-button-sm">
        <span className="p-button-label">{e.linkApply}</span>
      </button>
      {editor.isActive('link') && (
        <button
          type="button"
          className="p-button p-component p-button-sm p-button-outlined"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
        >
          <span className="p-button-label">{e.linkRemove}</span>
        </button>
      )}
      <button
        type="button"
        className="p-button p-component p-button-sm p-button-text"
        onClick={() => {
          onClose();
          editor.commands.focus();
        }}
      >
        <span className="p-button-label">{e.linkCancel}</span>
      </button>
    </form>
  );
}

export const RichEditor = forwardRef<RichEditorHandle, RichEditorProps>(function RichEditor(
  { initialHtml, labelId, onFiles, onPickImage, onPickFile, onChange, emoticons = [], inputId, 'aria-invalid': invalid, 'aria-describedby': describedBy },
  ref,
) {
  const [linkOpen, setLinkOpen] = useState(false);
  const emoticonPicker = useEmoticonPicker();
  // The latest callbacks, for the editor's own handlers that are bound once.
  const handlers = useRef({ onFiles, onChange });
  useEffect(() => {
    handlers.current = { onFiles, onChange };
  });

  // Taken as the view is made, so no keystroke can come before it.
  const openingHtml = useRef<string | null>(null);
  const editor = useEditor({
    onMount: ({ editor: ed }) => {
      openingHtml.current ??= ed.getHTML();
    },
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] }, codeBlock: false, code: false }),
      LinkMark.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] }),
      Image.configure({ inline: false, allowBase64: false, HTMLAttributes: { class: 'content-img' } }),
      Placeholder.configure({ placeholder: e.placeholder }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        class: 'rich-editor-content content-body',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(inputId ? { id: inputId } : {}),
      },
      handlePaste: (_view, event) => {
        const files = Array.from(event.clipboardData?.files ?? []);
        if (files.length === 0) return false;
        event.preventDefault();
        handlers.current.onFiles(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (moved || files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        handlers.current.onFiles(files, at);
        return true;
      },
    },
    onUpdate: () => handlers.current.onChange?.(),
  });

  // The field-error marks change after the editor is made: set them on its editable element.
  useEffect(() => {
    if (editor.isDestroyed || !editor.isInitialized) return;
    const dom = editor.view.dom;
    if (invalid) dom.setAttribute('aria-invalid', 'true');
    else dom.removeAttribute('aria-invalid');
    if (describedBy) dom.setAttribute('aria-describedby', describedBy);
    else dom.removeAttribute('aria-describedby');
  }, [editor, invalid, describedBy]);

  const state = useEditorState({
    editor,
    selector: ({ editor: ed }) => ({
      bold: ed.isActive('bold'),
      italic: ed.isActive('italic'),
      underline: ed.isActive('underline'),
      heading: ed.isActive('heading', { level: 2 }),
      bullet: ed.isActive('bulletList'),
      ordered: ed.isActive('orderedList'),
      quote: ed.isActive('blockquote'),
      link: ed.isActive('link'),
    }),
  });

  useImperativeHandle(
    ref,
    () => ({
      getHtml: () => (editor.isDestroyed ? null : editor.getHTML()),
      getOpeningHtml: () => openingHtml.current,
      setHtml: (html) => {
        if (!editor.isDestroyed) editor.commands.setContent(html, { emitUpdate: false });
      },
      insertImage: (src, alt, at) => {
        if (editor.isDestroyed) return;
        const chain = editor.chain().focus();
        if (at !== undefined && at <= editor.state.doc.content.size) chain.insertContentAt(at, { type: 'image', attrs: { src, alt } });
        else chain.setImage({ src, alt });
        chain.run();
      },
      focus: () => editor.commands.focus(),
    }),
    [editor],
  );

  const run = (fn: (ed: Editor) => void) => () => fn(editor);

  return (
    <div className="rich-editor">
      <div className="editor-toolbar" role="group" aria-label={e.toolbar}>
        <ToolButton label={e.bold} className="tool-bold" active={state.bold} onClick={run((ed) => ed.chain().focus().toggleBold().run())} />
        <ToolButton label={e.italic} className="tool-italic" active={state.italic} onClick={run((ed) => ed.chain().focus().toggleItalic().run())} />
        <ToolButton label={e.underline} className="tool-underline" active={state.underline} onClick={run((ed) => ed.chain().focus().toggleUnderline().run())} />
        <ToolButton label={e.heading} active={state.heading} onClick={run((ed) => ed.chain().focus().toggleHeading({ level: 2 }).run())} />
        <ToolButton label={e.bulletList} icon="pi pi-list" active={state.bullet} onClick={run((ed) => ed.chain().focus().toggleBulletList().run())} />
        <ToolButton label={e.orderedList} active={state.ordered} onClick={run((ed) => ed.chain().focus().toggleOrderedList().run())} />
        <ToolButton label={e.quote} icon="pi pi-comment" active={state.quote} onClick={run((ed) => ed.chain().focus().toggleBlockquote().run())} />
        <ToolButton label={e.link} icon="pi pi-link" active={state.link} onClick={() => setLinkOpen((o) => !o)} />
        <ToolButton label={e.image} icon="pi pi-image" onClick={onPickImage} />
        <ToolButton label={e.attach} icon="pi pi-paperclip" onClick={onPickFile} />
        {emoticons.length > 0 && (
          <EmoticonButton picker={emoticonPicker} className={`tool-button ${emoticonPicker.open ? 'is-active' : ''}`.trim()}>
            <i className="pi pi-face-smile" aria-hidden="true" />
            <span>{ko.emoticons.open}</span>
          </EmoticonButton>
        )}
      </div>
      {linkOpen && <LinkForm editor={editor} onClose={() => setLinkOpen(false)} />}
      <EmoticonGrid
        picker={emoticonPicker}
        emoticons={emoticons}
        onPick={(token) => editor.chain().focus().insertContent({ type: 'text', text: token }).run()}
      />
      <EditorContent editor={editor} className="rich-editor-frame" />
    </div>
  );
});
