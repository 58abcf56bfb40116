import type { VariantName } from '../../shared/domain.js';
import type { ModelConfig } from './model/config.js';

/** One point of a learning curve. */
export interface CurvePoint {
  instances: number;
  cpuSeconds: number;
  /** Mean greedy cost on the run's fixed validation set. */
  cost: number;
  epoch: number;
}

/** What a model is and how it was made: card.json next to its weights. */
export interface ModelCard {
  name: string;
  kind: ModelConfig['kind'];
  variant: VariantName;
  /** N it was trained on. */
  size: number;
  config: ModelConfig;
  /** m_con and m_pre the model was trained with (decoding defaults). */
  env: { mCon: number; mPre: number };
  /** Training recipe name and its options. */
  recipe: { name: string; [option: string]: string | number | boolean };
  /** Where the training instances came from ("generator" or a description of the stored set). */
  instanceSource: string;
  instancesTrained: number;
  cpuSeconds: number;
  validation: { instances: number; seed: number; curve: CurvePoint[] };
  date: string;
  /** Where training stopped, for resuming. */
  training?: { epoch: number; stepInEpoch: number };
  notes?: string;
}
