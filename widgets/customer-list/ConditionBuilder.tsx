import { useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import type { ConditionOptions } from './api';
import type { CustomerConditionInput } from '../../contracts/customer-condition';
import { LIFECYCLE_STAGES, type LifecycleStage } from '../../contracts/rules/customer';
import { messages, stageLabels } from './messages';
import { DateField } from '../core/ui/date-field';
import { useOptionsWhenReached } from '../core/ui/options-when-reached';

export type Draft = CustomerConditionInput;

interface Props {
  draft: Draft;
  options: ConditionOptions | null;
  showPrice: boolean;
  onChange(draft: Draft): void;
  onSearch(draft?: Draft): void;
  onReset(): void;
  onSave(): void;
  onSaveAsGroup(): void;
}

const valueOf = (event: Event) => (event.target as HTMLInputElement).value as unknown;
const numberOrUndefined = (text: unknown) => (text === '' || text === undefined || text === null || Number.isNaN(Number(text)) ? undefined : Number(text));
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/**
 * Several controls under one caption (a range, a mode and a list): the caption names the group, and
 * each control carries its own full name in Shoelace's label, visually hidden.
 */
function FieldGroup({ label, children, wide, className }: { label: string; children: ReactNode; wide?: boolean; className?: string }) {
  const id = useId();
  return (
    <div className={['field', wide ? 'wide' : '', className ?? ''].filter(Boolean).join(' ')} role="group" aria-labelledby={id}>
      <span className="field-label" id={id}>
        {label}
      </span>
      {children}
    </div>
  );
}

/** Width at or below which styles.ts lays the list out for a phone (its container query). */
const NARROW_MAX_PX = 640;

/**
 * Whether the list's container is narrow, measured before the first paint and followed on resize.
 * On a narrow container the store, level and stage selects are hidden until 更多筛选 or a value;
 * they are then not made at all (three sl-selects, each with a popup and icons, were a good part of
 * a phone's first render).
 */
function useNarrowContainer(ref: RefObject<HTMLElement | null>): boolean {
  const [narrow, setNarrow] = useState(true);
  useLayoutEffect(() => {
    const container = ref.current?.closest('.customer-list') ?? ref.current?.parentElement;
    if (!container) return;
    const measure = () => setNarrow(container.getBoundingClientRect().width <= NARROW_MAX_PX);
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, [ref]);
  return narrow;
}

/** The filter form. Its state is the draft; 查询 (or Enter in the keyword) applies it. */
export function ConditionBuilder({ draft, options, showPrice, onChange, onSearch, onReset, onSave, onSaveAsGroup }: Props) {
  const [expanded, setExpanded] = useState(() => hasAdvanced(draft));
  const [stageOptions, reachStage] = useOptionsWhenReached(Boolean(draft.stage));
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const form = useRef<HTMLFormElement>(null);
  const narrow = useNarrowContainer(form);
  // Hidden by styles.ts on a narrow container unless 更多筛选 is open or one of them holds a value.
  const basicFields = !narrow || expanded || hasBasic(draft);
  const range = (key: 'mileage' | 'totalSpend', end: 'min' | 'max', text: unknown) => set({ [key]: { ...draft[key], [end]: numberOrUndefined(text) } });

  const multi = (label: string, key: 'storeIds' | 'levels' | 'sources' | 'brands' | 'groupIds', items: { value: string; label: string }[], numeric = false) => (
    <MultiSelect
      label={label}
      field={key}
      placeholder={key === 'storeIds' ? messages.allStores : '不限'}
      value={list(draft[key])}
      items={items}
      onChange={(values) => set({ [key]: numeric ? values.map(Number) : values })}
    />
  );

  return (
    <form
      ref={form}
      className={`builder${expanded ? ' expanded' : ''}${hasBasic(draft) ? ' filtered' : ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <div className="builder-row">
          <sl-input
            size="small"
            clearable
            label={messages.keyword}
            class="field wide keyword"
            placeholder={messages.keywordPlaceholder}
            value={draft.keyword ?? ''}
            onsl-input={(event: Event) => set({ keyword: String(valueOf(event)) })}
            onsl-clear={() => onSearch({ ...draft, keyword: '' })}
          >
            <sl-icon slot="prefix" name="search"></sl-icon>
          </sl-input>
        {basicFields && multi(messages.stores, 'storeIds', (options?.stores ?? []).map((store) => ({ value: String(store.id), label: `${store.name}（${store.count}）` })), true)}
        {basicFields && multi(messages.levels, 'levels', (options?.levels ?? []).map((level) => ({ value: level.name, label: `${level.name}（${level.count}）` })))}
          {basicFields && <sl-select
            class="field"
            label={messages.stage}
            size="small"
            clearable
            placeholder={messages.anyStage}
            data-field="stage"
            value={draft.stage ?? ''}
            onsl-change={(event: Event) => set({ stage: (String(valueOf(event) || '') || undefined) as LifecycleStage | undefined })}
            {...reachStage}
          >
            {stageOptions && LIFECYCLE_STAGES.map((stage) => (
              <sl-option key={stage} value={stage}>
                {stageLabels[stage]}
              </sl-option>
            ))}
          </sl-select>}
        <div className="builder-actions">
          <sl-button size="small" variant="primary" onClick={() => onSearch()}>
            {messages.search}
          </sl-button>
          <sl-button size="small" onClick={onReset}>
            {messages.reset}
          </sl-button>
          <sl-button size="small" variant="text" onClick={() => setExpanded(!expanded)}>
            {expanded ? messages.fewerFilters : messages.moreFilters}
          </sl-button>
          <span className="divider"></span>
        <sl-button size="small" variant="default" onClick={onSave}>
          <sl-icon slot="prefix" name="bookmark-plus"></sl-icon>
          {messages.saveCondition}
        </sl-button>
        <sl-button size="small" variant="default" onClick={onSaveAsGroup}>
          <sl-icon slot="prefix" name="people"></sl-icon>
          {messages.saveAsGroup}
        </sl-button>
        </div>
      </div>

      {expanded ? (
        <div className="builder-row advanced">
          {/* Both selects show their labels: axe (rightly) does not take a hidden label for a select. */}
          <div className="field wide inline labelled">
            <sl-select
              size="small"
              class="tag-mode"
              label={messages.tags}
              value={draft.tags?.mode ?? 'any'}
              onsl-change={(event: Event) => set({ tags: { ids: draft.tags?.ids ?? [], mode: valueOf(event) as 'any' | 'all' | 'none' } })}
            >
              {(['any', 'all', 'none'] as const).map((mode) => (
                <sl-option key={mode} value={mode}>
                  {messages.tagMode[mode]}
                </sl-option>
              ))}
            </sl-select>
            <sl-select
              size="small"
              label={messages.tagPick}
              multiple
              clearable
              max-options-visible="3"
              placeholder="不限"
              data-field="tags"
              value={(draft.tags?.ids ?? []).map(String)}
              onsl-change={(event: Event) => set({ tags: { mode: draft.tags?.mode ?? 'any', ids: list(valueOf(event)).map(Number) } })}
            >
              {(options?.tags ?? []).map((tag) => (
                <sl-option key={tag.id} value={String(tag.id)}>
                  <span className="swatch" style={{ background: tag.colour }} slot="prefix"></span>
                  {tag.name}（{tag.count}）
                </sl-option>
              ))}
            </sl-select>
          </div>
          {multi(messages.groups, 'groupIds', (options?.groups ?? []).map((group) => ({ value: String(group.id), label: group.name })), true)}
          {multi(messages.brands, 'brands', (options?.brands ?? []).map((brand) => ({ value: brand.name, label: `${brand.name}（${brand.count}）` })))}
          {multi(messages.sources, 'sources', (options?.sources ?? []).map((source) => ({ value: source.name, label: `${source.name}（${source.count}）` })))}
          <FieldGroup label={messages.lastVisit} wide className="dates">
            <div className="inline dates">
              <DateField size="small" className="hidden-label" label={messages.lastVisitFrom} value={draft.lastVisit?.from} onChange={(from) => set({ lastVisit: { ...draft.lastVisit, from } })} />
              <span className="dash" aria-hidden="true">至</span>
              <DateField size="small" className="hidden-label" label={messages.lastVisitTo} value={draft.lastVisit?.to} onChange={(to) => set({ lastVisit: { ...draft.lastVisit, to } })} />
            </div>
          </FieldGroup>
          {(
            [
              ['notVisitedForDays', messages.notVisitedForDays],
              ['maintenanceDueWithinDays', messages.maintenanceDueWithinDays],
              ['insuranceExpiringWithinDays', messages.insuranceExpiringWithinDays],
            ] as const
          ).map(([key, label]) => (
              <sl-input key={key} class="field" label={label} size="small" type="number" min="0" data-field={key} value={draft[key] === undefined ? '' : String(draft[key])} onsl-input={(event: Event) => set({ [key]: numberOrUndefined(valueOf(event)) })}>
                <span slot="suffix">{messages.days}</span>
              </sl-input>
          ))}
          <FieldGroup label={messages.mileage} wide>
            <div className="inline">
              <sl-input size="small" class="hidden-label" label={messages.mileageMin} type="number" min="0" placeholder={messages.min} value={draft.mileage?.min ?? ''} onsl-input={(event: Event) => range('mileage', 'min', valueOf(event))}></sl-input>
              <span className="dash" aria-hidden="true">-</span>
              <sl-input size="small" class="hidden-label" label={messages.mileageMax} type="number" min="0" placeholder={messages.max} value={draft.mileage?.max ?? ''} onsl-input={(event: Event) => range('mileage', 'max', valueOf(event))}></sl-input>
            </div>
          </FieldGroup>
          {showPrice ? (
            <FieldGroup label={messages.totalSpend} wide>
              <div className="inline">
                <sl-input size="small" class="hidden-label" label={messages.totalSpendMin} type="number" min="0" placeholder={messages.min} value={draft.totalSpend?.min ?? ''} onsl-input={(event: Event) => range('totalSpend', 'min', valueOf(event))}></sl-input>
                <span className="dash" aria-hidden="true">-</span>
                <sl-input size="small" class="hidden-label" label={messages.totalSpendMax} type="number" min="0" placeholder={messages.max} value={draft.totalSpend?.max ?? ''} onsl-input={(event: Event) => range('totalSpend', 'max', valueOf(event))}></sl-input>
              </div>
            </FieldGroup>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

/** A store, level or stage is chosen: at phone width those fields stay in view (see styles.ts). */
function hasBasic(draft: Draft): boolean {
  return Boolean(draft.storeIds?.length || draft.levels?.length || draft.stage);
}

function hasAdvanced(draft: Draft): boolean {
  return Boolean(
    (draft.tags?.ids?.length ?? 0) > 0 ||
      draft.groupIds?.length ||
      draft.brands?.length ||
      draft.sources?.length ||
      draft.lastVisit?.from ||
      draft.lastVisit?.to ||
      draft.notVisitedForDays !== undefined ||
      draft.maintenanceDueWithinDays !== undefined ||
      draft.insuranceExpiringWithinDays !== undefined ||
      draft.mileage ||
      draft.totalSpend,
  );
}

function MultiSelect({ label, field, placeholder, value, items, onChange }: {
  label: string;
  field: string;
  placeholder: string;
  value: string[];
  items: { value: string; label: string }[];
  onChange(values: string[]): void;
}) {
  const [showOptions, reach] = useOptionsWhenReached(value.length > 0);
  return (
    // Shoelace's own label names the control (a placeholder or title alone is no name).
    <sl-select
      class="field"
      label={label}
      multiple
      clearable
      size="small"
      max-options-visible="2"
      placeholder={placeholder}
      data-field={field}
      value={value}
      onsl-change={(event: Event) => onChange(list(valueOf(event)))}
      {...reach}
    >
      {showOptions &&
        items.map((item) => (
          <sl-option key={item.value} value={item.value}>
            {item.label}
          </sl-option>
        ))}
    </sl-select>
  );
}
