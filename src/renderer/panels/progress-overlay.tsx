/** A progress card over the map while main's worker plans, with Cancel. The page stays usable around it. */
import { type JobState, useJobProgress } from '../hooks/use-plan-job.js';
import { progressShown } from './progress-words.js';

export function ProgressOverlay({ job, onCancel }: { job: JobState | null; onCancel(): void }) {
  if (!job?.visible) return null;
  return <ProgressCard job={job} onCancel={onCancel} />;
}

/** Redrawn at each progress report, alone: the page around it is not. */
function ProgressCard({ job, onCancel }: { job: JobState; onCancel(): void }) {
  const progress = useJobProgress(job);
  const { percent, said } = progressShown(job.label, progress);
  return (
    <div className="progress-card" data-testid="plan-progress" role="status">
      <div className="progress-head">
        <b>{job.label}</b>
        {percent !== null && <span data-testid="plan-progress-percent">{percent}%</span>}
      </div>
      {/* Named and told as the card shows it ("Planning: 12 %, about 40 s left"); without a value while none is known. */}
      <div
        className={percent === null ? 'progress-bar progress-unknown' : 'progress-bar'}
        role="progressbar"
        aria-label={job.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={said}
        data-testid="plan-progress-bar"
      >
        <div className="progress-fill" style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      {job.notice && (
        <p className="note note-warn" data-testid="plan-progress-notice">
          {job.notice}
        </p>
      )}
      <div className="progress-foot">
        <span className="hint" data-testid="plan-progress-message">
          {progress.message}
        </span>
        <button className="btn btn-small" onClick={onCancel} data-testid="cancel-plan">
          Cancel
        </button>
      </div>
    </div>
  );
}
