/** The one place errors from any action appear: kind, message and every detail, each dismissible. */
import { useNotices } from '../hooks/use-notices.js';
import { noticeTitle } from './notice-title.js';

export function ErrorBanner() {
  const { notices, dismiss } = useNotices();
  if (notices.length === 0) return null;
  return (
    <div className="banner-stack" role="alert" aria-live="assertive">
      {notices.map((n) => (
        <div key={n.id} className={`banner banner-${n.kind}`} data-testid="error-banner" data-kind={n.kind}>
          <div className="banner-text">
            <b data-testid="error-title">{noticeTitle(n)}</b>
            {/* A notice that names itself ("Connection lost") needs no action beside it: "(Connection)" said it twice. */}
            {!n.title && <span className="banner-action"> ({n.action})</span>}
            {/* "Cancelled (Planning): cancelled" says it twice. */}
            {n.message.toLowerCase() === noticeTitle(n).toLowerCase() ? '' : `: ${n.message}`}
            {n.details && (
              <ul className="banner-details">
                {n.details.map((d, i) => (
                  <li key={i}>{d}</li>
                ))}
              </ul>
            )}
          </div>
          <button className="icon-btn" aria-label="Dismiss" data-testid="dismiss-error" onClick={() => dismiss(n.id)}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
