// Nickname and level history under the profile form (SPEC §2). Both lists are fetched as soon as
// the profile is shown, not when a tab is first opened.
import { TabPanel, TabView } from 'primereact/tabview';
import type { HistoryEntry } from '../../../common/api/account';
import { ko } from '../../i18n/ko';
import { useHistory } from './api/history';

function HistoryTable({ caption, rows, loading, empty }: { caption: string; rows: HistoryEntry[] | undefined; loading: boolean; empty: string }) {
  if (!rows) return <p className="history-empty">{loading ? ko.account.historyLoading : empty}</p>;
  if (rows.length === 0) return <p className="history-empty">{empty}</p>;
  return (
    <table className="history-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{ko.account.historyContent}</th>
          <th scope="col" className="history-date">
            {ko.account.historyDate}
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
    <section className="history-tabs" aria-label={ko.account.historyLabel}>
      <TabView>
        <TabPanel header={ko.account.nickHistory}>
          <HistoryTable caption={ko.account.nickHistory} rows={nick.data} loading={nick.isPending} empty={ko.account.nickHistoryEmpty} />
        </TabPanel>
        <TabPanel header={ko.account.levelHistory}>
          <HistoryTable caption={ko.account.levelHistory} rows={level.data} loading={level.isPending} empty={ko.account.levelHistoryEmpty} />
        </TabPanel>
      </TabView>
    </section>
  );
}
