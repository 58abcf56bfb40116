import { createRoot } from 'react-dom/client';
import { api } from './api/index.js';
import { AppRoot } from './app.js';
// The stylesheets by area, in cascade order: a later one may refine an earlier one's rules (the dialogs' inputs, the
// Compare view's tables).
import './styles/base.css';
import './styles/panels.css';
import './styles/map.css';
import './styles/compare.css';
import './styles/training.css';
import './styles/sheets.css';

createRoot(document.getElementById('root')!).render(<AppRoot api={api} />);
