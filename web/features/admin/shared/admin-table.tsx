// Every admin list: PrimeReact's DataTable with the admin look. Rows stack into label/value
// cards below 960 px (admin.css), small and striped; each page adds its data and columns.
import { DataTable, type DataTableProps, type DataTableValueArray } from 'primereact/datatable';

export function AdminTable<T extends DataTableValueArray>(props: DataTableProps<T>) {
  return <DataTable responsiveLayout="stack" breakpoint="960px" className="admin-table" size="small" stripedRows {...props} />;
}
