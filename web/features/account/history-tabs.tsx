// Nickname and level history under the profile form (docs/product/members.md#my-info). Both lists are fetched as soon as
// the profile is shown, not when a tab is first opened.
import { TabPanel, TabView } from 'primereact/tabview';
import type { HistoryEntry } from '../../../common/api/account';
import { useHistory } from './api/history';
import { koAccount } from './texts';

function HistoryTable({ caption, rows, loading, empty }: { caption: string; rows: HistoryEntry[] | undefined; loading: boolean; empty: string }) {
  if (!rows) return <p className="history-empty">{loading ? koAccount.historyLoading : empty}</p>;
  if (rows.length === 0) return <p className="history-empty">{empty}</p>;
  return (
    <table className="history-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{koAccount.historyContent}</th>
          <th scope="col" className="history-date">
            {koAccount.historyDate}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.regDate}-${i}`}>
            <td>{r.content}</td>
            <td className="history-date">{r.regDate}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HistoryTabs() {
  const nick = useHistory('nick');
  const level = useHistory('level');
  return (
    <section className="history-tabs" aria-label={koAccount.historyLabel}>
      <TabView>
        <TabPanel header={koAccount.nickHistory}>
          <HistoryTable caption={koAccount.nickHistory} rows={nick.data} loading={nick.isPending} empty={koAccount.nickHistoryEmpty} />
        </TabPanel>
        <TabPanel header={koAccount.levelHistory}>
          <HistoryTable caption={koAccount.levelHistory} rows={level.data} loading={level.isPending} empty={koAccount.levelHistoryEmpty} />
        </TabPanel>
      </TabView>
    </section>
  );
}
