import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '../../../common/api/admin-setup';
import { DEFAULT_FOOTER_LINKS, SITE_TAGLINE } from '../../../common/constants';
import { callAwait } from '../../api/call';

/** /api/session/site: the footer's links and the tagline from the community setup. */
export const fetchSite = () => callAwait<SiteInfo>('/api/session/site', { silent: true });

/** Until it arrives (or when it fails) the footer shows the usual links. */
export const SITE_FALLBACK: SiteInfo = { siteName: '찰칵', tagline: SITE_TAGLINE, footerLinks: [...DEFAULT_FOOTER_LINKS], mail: false, oauth: [] };

export const siteQuery = () => queryOptions({ queryKey: ['session', 'site'] as const, queryFn: fetchSite, staleTime: 10 * 60_000 });

export const useSite = () => useQuery(siteQuery());
