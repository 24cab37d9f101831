// menuManage (/system/menu/list): the top menu tree, edited here and saved as a whole. Groups and
// items move by drag and drop or by each row's buttons, entries are added, edited and removed in
// a dialog, and the desktop bar and phone drawer previews follow every change before saving.
import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import { MenuTreeSave, shortKeyClash, type MenuTree } from '../../../../common/api/admin-menus';
import { firstFailure } from '../../../ui/form-check';
import { formatNumber } from '../../../../common/format';
import { ko } from '../../../i18n/ko';
import { koAdminMenu } from './texts';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { AdminActions, AdminFrame } from '../shared/admin-frame';
import { useMenuSave, useMenuTree } from './api/menu-api';
import { MenuEntryDialog, type EntryTarget } from './menu-entry-dialog';
import { type EditEntry, entryName, groupEnd, newUid, previewGroups, toFlat, toInput } from './menu-model';
import { MenuPreview } from './menu-preview';
import { MenuTreeEditor } from './menu-tree-editor';
import './menu-manage.css';

const t = koAdminMenu;

export default function MenuManagePage() {
  return (
    <AdminFrame page="menuManage">
      <MenuManageLoader />
    </AdminFrame>
  );
}

/** Counts the distinct trees loaded: a refetch with the same tree keeps the same object. */
const treeVersions = new WeakMap<MenuTree, number>();
let versions = 0;
const versionOf = (tree: MenuTree) => treeVersions.get(tree) ?? (treeVersions.set(tree, ++versions), versions);

function MenuManageLoader() {
  const tree = useMenuTree();
  if (!tree.data) return <p className="admin-count">{ko.common.loading}</p>;
  // A fresh editor for every different tree from the server (after a save), never for a refetch
  // that brought the same one back (unsaved edits stay).
  return <MenuManage key={versionOf(tree.data)} tree={tree.data} />;
}

const blank = (kind: EditEntry['kind']): EditEntry => ({ uid: newUid(), kind, label: '', programId: '', shortKey: '', icon: '', target: '', visible: true });

function MenuManage({ tree }: { tree: MenuTree }) {
  const saved = useMemo(() => toFlat(tree.groups), [tree]);
  const [flat, setFlat] = useState<EditEntry[]>(saved);
  const [editing, setEditing] = useState<EntryTarget | null>(null);
  const save = useMenuSave();
  const programs = tree.programs;
  const dirty = JSON.stringify(toInput(flat)) !== JSON.stringify(toInput(saved));
  const preview = useMemo(() => previewGroups(flat, programs), [flat, programs]);
  // Closing or reloading the tab with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const applyEntry = (entry: EditEntry, groupUid?: string) =>
    setFlat((list) => {
      const at = list.findIndex((e) => e.uid === entry.uid);
      if (at >= 0) return list.map((e) => (e.uid === entry.uid ? entry : e));
      if (entry.kind === 'group') return [...list, entry];
      const g = list.findIndex((e) => e.uid === groupUid);
      const end = g >= 0 ? groupEnd(list, g) : list.length;
      return [...list.slice(0, end), entry, ...list.slice(end)];
    });

  const remove = (entry: EditEntry) => {
    const i = flat.findIndex((e) => e.uid === entry.uid);
    const end = entry.kind === 'group' ? groupEnd(flat, i) : i + 1;
    const name = entryName(entry, programs);
    confirm({
      message: entry.kind === 'group' ? t.removeGroupConfirm(name, formatNumber(end - i - 1)) : t.removeItemConfirm(name),
      defaultFocus: 'reject',
      accept: () => {
        // A group goes with its items, so the list still starts with a group.
        setFlat([...flat.slice(0, i), ...flat.slice(end)]);
      },
    });
  };

  const submit = () => {
    const input = toInput(flat);
    const parsed = MenuTreeSave.safeParse(input);
    if (!parsed.success) return toast.info(firstFailure(parsed.error).message);
    const clash = shortKeyClash(parsed.data.groups, Object.fromEntries(programs.map((p) => [p.id, p.name])));
    if (clash) return toast.info(clash.message);
    save.mutate(parsed.data, { onSuccess: () => toast.success(t.saved), onError: (e) => toast.error(e.message) });
  };

  const revert = () => confirm({ message: t.revertConfirm, defaultFocus: 'reject', accept: () => setFlat(saved) });

  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-folder" label={t.addGroup} size="small" outlined onClick={() => setEditing({ entry: blank('group'), isNew: true })} />
        <Button
          type="button"
          icon="pi pi-plus"
          label={t.addItem}
          size="small"
          outlined
          disabled={flat.length === 0}
          onClick={() => setEditing({ entry: blank('item'), isNew: true, groupUid: flat.findLast((e) => e.kind === 'group')?.uid })}
        />
        <Button type="button" icon="pi pi-undo" label={t.revert} size="small" text disabled={!dirty} onClick={revert} />
        <Button type="button" icon="pi pi-check" label={t.save} size="small" loading={save.isPending} onClick={submit} />
      </AdminActions>
      <p className="admin-intro">{t.intro}</p>
      {dirty && (
        <p className="admin-note menu-unsaved" role="status">
          <i className="pi pi-info-circle" aria-hidden="true" /> {t.unsaved}
        </p>
      )}
      <div className="menu-manage">
        <div className="menu-manage-tree">
          <MenuTreeEditor
            flat={flat}
            programs={programs}
            onChange={setFlat}
            onEdit={(entry) => setEditing({ entry, isNew: false })}
            onRemove={remove}
          />
        </div>
        <MenuPreview groups={preview} />
      </div>
      <MenuEntryDialog target={editing} flat={flat} programs={programs} onApply={applyEntry} onHide={() => setEditing(null)} />
    </>
  );
}
