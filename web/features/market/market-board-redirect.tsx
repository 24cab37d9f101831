// /board/market/view/{key}: a market item is a post of board 'market' (SPEC: "used when the
// boardId is market"), so links made for posts (search, scraps, content tokens) open the item page.
import { Navigate, useParams } from 'react-router';
import { marketViewPath } from './paths';

export default function MarketBoardRedirect() {
  const { key = '' } = useParams();
  return <Navigate to={/^\d{1,15}$/.test(key) ? marketViewPath(Number(key)) : '/market/c0/list'} replace />;
}
