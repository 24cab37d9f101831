// What a drawer shows before its list: the loading line, or the empty line with its icon (docs/product/letters.md#unread-drawers).
export function DrawerState({ loading, icon, loadingText, emptyText }: { loading: boolean; icon: string; loadingText: string; emptyText: string }) {
  return loading ? (
    <p className="drawer-state" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {loadingText}
    </p>
  ) : (
    <p className="drawer-state">
      <i className={icon} aria-hidden="true" /> {emptyText}
    </p>
  );
}
