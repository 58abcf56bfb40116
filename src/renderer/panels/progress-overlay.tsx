/** A progress card over the map while main's worker plans, with Cancel. The page stays usable around it. */
import { type JobState, useJobProgress } from '../hooks/use-plan-job.js';

export function ProgressOverlay({ job, onCancel }: { job: JobState | null; onCancel(): void }) {
  if (!job?.visible) return null;
  return <ProgressCard job={job} onCancel={onCancel} />;
}

/** Redrawn at each progress report, alone: the page around it is not. */
function ProgressCard({ job, onCancel }: { job: JobState; onCancel(): void }) {
  const { fraction, message } = useJobProgress(job);
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="progress-card" data-testid="plan-progress" role="status">
      <div className="progress-head">
        <b>{job.label}</b>
        <span>{percent}%</span>
      </div>
      {/* Named and told as the card shows it ("Planning: 12 %, about 40 s left"), not as a bare number. */}
      <div
        className="progress-bar"
        role="progressbar"
        aria-label={job.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progressText(job.label, percent, message)}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      {job.notice && (
        <p className="note note-warn" data-testid="plan-progress-notice">
          {job.notice}
        </p>
      )}
      <div className="progress-foot">
        <span className="hint">{message}</span>
        <button className="btn btn-small" onClick={onCancel} data-testid="cancel-plan">
          Cancel
        </button>
      </div>
    </div>
  );
}

/** What a screen reader says of the bar: the job, how far it is, and the card's line under it. */
function progressText(label: string, percent: number, message: string): string {
  const said = message.trim();
  return `${label}: ${percent} %${said ? `, ${said}` : ''}`;
}
