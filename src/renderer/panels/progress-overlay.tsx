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
      <div className="progress-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
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
