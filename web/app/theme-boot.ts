// Imported first by main.tsx so the stored choices (theme, 큰 글씨) are set before any style or
// component loads.
import { bootTextSize } from './text-size';
import { bootTheme } from './theme';

bootTheme();
bootTextSize();
