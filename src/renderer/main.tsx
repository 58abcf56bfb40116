import { createRoot } from 'react-dom/client';
import { api } from './api/index.js';
import { AppRoot } from './app.js';
import './styles.css';

createRoot(document.getElementById('root')!).render(<AppRoot api={api} />);
