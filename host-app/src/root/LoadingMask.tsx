import { messages } from '../messages';

/**
 * Full-screen mask while startup data loads (and while the first lazy page arrives). Plain CSS so
 * the entry chunk carries no Shoelace component.
 */
export function LoadingMask({ text = messages.loading }: { text?: string }) {
  return (
    <div className="loading-mask" role="status" aria-live="polite" data-testid="loading-mask">
      <div className="loading-mask__box">
        <span className="brand-mark brand-mark--large" aria-hidden="true">管</span>
        <span className="spinner" aria-hidden="true" />
        <span>{text}</span>
      </div>
    </div>
  );
}
