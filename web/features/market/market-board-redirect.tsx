// /board/market/view/{key}: a market item is a post of board 'market' (docs/product/market.md), so links made for posts (search, scraps, content tokens) open the item page.
import { Navigate, useParams } from 'react-router';
import { marketViewPath, marketListPath } from '../../shared/paths';

export default function MarketBoardRedirect() {
  const { key = '' } = useParams();
  return <Navigate to={/^\d{1,15}$/.test(key) ? marketViewPath(Number(key)) : marketListPath()} replace />;
}
