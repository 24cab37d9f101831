// Imported first by main.tsx so the stored choice is set before any style or component loads.
import { bootTheme } from './theme';

bootTheme();
