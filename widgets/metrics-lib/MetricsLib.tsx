import { useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/tag/tag.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import { session, toast, useValue, useBusyAction, useDialogClose, DialogFooter, type WidgetProps, useLazyDialogs, usePageData } from '../core';
import { today } from '../../contracts/dates';
import {
  DIRECTION_NAMES,
  METRIC_DIRECTIONS,
  METRIC_PERIODS,
  METRIC_UNITS,
  PERIOD_NAMES,
  formatMetricValue,
  parseMetricInput,
  type MetricDirection,
  type MetricPeriod,
  type MetricUnit,
} from '../../contracts/rules/metrics';
import { metricsLibApi, type CustomMetric, type Library } from './api';
import { messages } from './messages';
import { DateField } from '../core/ui/date-field';

type Dialog =
  | { type: 'metric'; metric: CustomMetric | null }
  | { type: 'value'; metric: CustomMetric }
  | { type: 'delete'; metric: CustomMetric }
  | null;

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

export function MetricsLib(_props: WidgetProps) {
  const token = useValue(session.usertoken);
  const [storeId, setStoreId] = useState(0);
  const { dialog, setDialog, close, partsReady: dialogParts } = useLazyDialogs<NonNullable<Dialog>>(() => import('./dialog-parts'));

  const { data, failed, refused, load } = usePageData<Library>(token, () => metricsLibApi.library(storeId || undefined), [storeId]);

  if (refused) return <div className="state" role="note"><p>{messages.refused}</p></div>;
  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }

  return (
    <div className="lib">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{messages.subtitle}</p>
          {data ? <p className="muted small">{messages.span(data.from, data.to)}</p> : null}
          {data && !data.canEdit ? <p className="note" role="note">{messages.readOnly}</p> : null}
        </div>
        {data && data.stores.length > 1 ? (
          <sl-select size="small" className="filter inline-label" label={messages.storeFilter} value={String(storeId)} onsl-change={(event: Event) => setStoreId(Number(inputValue(event)))}>
            <sl-option value="0">{messages.allStores}</sl-option>
            {data.stores.map((store) => <sl-option key={store.id} value={String(store.id)}>{store.name}</sl-option>)}
          </sl-select>
        ) : null}
      </header>

      <section aria-labelledby="built-in-title">
        <div className="section-head">
          <h3 id="built-in-title">{messages.builtIn}</h3>
          <span className="muted small">{messages.builtInHelp}</span>
        </div>
        <ul className="metrics" aria-busy={data === null}>
          {data?.builtIn.map((metric) => (
            <li key={metric.key} className="metric" data-metric={metric.key}>
              <div className="name">
                <strong>{metric.name}</strong>
                <span className="chips">
                  <sl-tag size="small" variant="neutral">{metric.unit}</sl-tag>
                  <sl-tag size="small" variant="neutral">{PERIOD_NAMES[metric.period]}</sl-tag>
                  <sl-tag size="small" variant={metric.direction === 'higher' ? 'success' : 'warning'}>{DIRECTION_NAMES[metric.direction]}</sl-tag>
                </span>
              </div>
              <p className="formula">{metric.formula}</p>
              <div className="value">
                <span className="muted small">{messages.columns.value}</span>
                <strong className="figure" data-value>{metric.value === null ? messages.noValue : formatMetricValue(metric.unit, metric.value)}</strong>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="custom-title">
        <div className="section-head">
          <h3 id="custom-title">{messages.custom}</h3>
          <span className="muted small" data-custom-note>{data?.customRefusal ?? (data?.canEditDefinitions ? messages.customHelp : messages.definitionsReadOnly)}</span>
          {data?.canEditDefinitions ? (
            <sl-button size="small" variant="primary" className="create" onClick={() => setDialog({ type: 'metric', metric: null })}>
              <sl-icon slot="prefix" name="plus-lg"></sl-icon>
              {messages.createMetric}
            </sl-button>
          ) : null}
        </div>
        {data && data.custom.length === 0 ? (
          <div className="state"><p>{data.canEditDefinitions ? messages.emptyCustomAdmin : messages.emptyCustom}</p></div>
        ) : (
          <ul className="metrics">
            {data?.custom.map((metric) => (
              <li key={metric.id} className="metric" data-metric={metric.ref}>
                <div className="name">
                  <strong>{metric.name}</strong>
                  <span className="chips">
                    <sl-tag size="small" variant="neutral">{metric.unit}</sl-tag>
                    <sl-tag size="small" variant="neutral">{PERIOD_NAMES[metric.period]}</sl-tag>
                    <sl-tag size="small" variant={metric.direction === 'higher' ? 'success' : 'warning'}>{DIRECTION_NAMES[metric.direction]}</sl-tag>
                  </span>
                </div>
                <p className="formula">{metric.description || '—'}</p>
                <div className="value">
                  <span className="muted small">{messages.columns.value}</span>
                  <strong className="figure" data-value>{metric.value === null ? messages.noValue : formatMetricValue(metric.unit, metric.value)}</strong>
                </div>
                {data.canEdit && !data.customRefusal ? (
                  <div className="actions">
                    <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'value', metric })}>{messages.enterValue}</sl-button>
                    {data.canEditDefinitions ? (
                      <>
                        <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'metric', metric })}>{messages.edit}</sl-button>
                        <sl-button size="small" variant="text" className="danger" onClick={() => setDialog({ type: 'delete', metric })}>{messages.remove}</sl-button>
                      </>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {dialogParts ? (
        <>
          <MetricDialog shown={dialog?.type === 'metric' ? dialog : null} onClose={close} onSaved={() => (load(), close())} />
          <ValueDialog metric={dialog?.type === 'value' ? dialog.metric : null} stores={data?.stores ?? []} onClose={close} onSaved={() => (load(), close())} />
          <DeleteDialog metric={dialog?.type === 'delete' ? dialog.metric : null} onClose={close} onDone={() => (load(), close())} />
        </>
      ) : null}
    </div>
  );
}

function MetricDialog({ shown, onClose, onSaved }: { shown: { metric: CustomMetric | null } | null; onClose(): void; onSaved(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const metric = shown?.metric ?? null;
  const [name, setName] = useState('');
  const [unit, setUnit] = useState<MetricUnit>('元');
  const [period, setPeriod] = useState<MetricPeriod>('month');
  const [direction, setDirection] = useState<MetricDirection>('higher');
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!shown) return;
    setName(metric?.name ?? '');
    setUnit(metric?.unit ?? '元');
    setPeriod(metric?.period ?? 'month');
    setDirection(metric?.direction ?? 'higher');
    setDescription(metric?.description ?? '');
    setTried(false);
  }, [shown, metric]);
  const submit = () =>
    run(async () => {
      setTried(true);
      if (!name.trim()) return;
      const fields = { name: name.trim(), unit, period, direction, description: description.trim() };
      if (metric) await metricsLibApi.update({ ...fields, id: metric.id, version: metric.version });
      else await metricsLibApi.create(fields);
      toast.success(messages.saved(fields.name));
      onSaved();
    });
  return (
    <sl-dialog ref={ref} label={metric ? `${messages.edit}：${metric.name}` : messages.createMetric} open={shown !== null} className="metric-dialog">
      <div className="form">
        <sl-input label={messages.fields.name} value={name} maxlength="20" required help-text={tried && !name.trim() ? messages.required(messages.fields.name) : ''}
          data-problem={tried && !name.trim() ? '' : undefined} onsl-input={(event: Event) => setName(inputValue(event))}></sl-input>
        <sl-radio-group label={messages.fields.unit} value={unit} onsl-change={(event: Event) => setUnit(inputValue(event) as MetricUnit)}>
          {METRIC_UNITS.map((each) => <sl-radio key={each} value={each}>{each}</sl-radio>)}
        </sl-radio-group>
        <sl-radio-group label={messages.fields.period} value={period} onsl-change={(event: Event) => setPeriod(inputValue(event) as MetricPeriod)}>
          {METRIC_PERIODS.map((each) => <sl-radio key={each} value={each}>{PERIOD_NAMES[each]}</sl-radio>)}
        </sl-radio-group>
        <sl-radio-group label={messages.fields.direction} value={direction} onsl-change={(event: Event) => setDirection(inputValue(event) as MetricDirection)}>
          {METRIC_DIRECTIONS.map((each) => <sl-radio key={each} value={each}>{DIRECTION_NAMES[each]}</sl-radio>)}
        </sl-radio-group>
        <sl-textarea label={messages.fields.description} value={description} maxlength="200" rows="3"
          onsl-input={(event: Event) => setDescription(inputValue(event))}></sl-textarea>
      </div>
      <DialogFooter busy={busy} confirmLabel={metric ? messages.save : messages.create} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function ValueDialog({ metric, stores, onClose, onSaved }: { metric: CustomMetric | null; stores: { id: number; name: string }[]; onClose(): void; onSaved(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [storeId, setStoreId] = useState(0);
  const [day, setDay] = useState('');
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!metric) return;
    setStoreId(stores[0]?.id ?? 0);
    setDay(today());
    setValue('');
    setTried(false);
  }, [metric, stores]);
  const raw = metric ? parseMetricInput(metric.unit, value) : null;
  const problem = !value.trim() ? messages.required(messages.fields.value) : raw === null && metric ? messages.badValue(metric.unit) : '';
  const submit = () =>
    run(async () => {
      setTried(true);
      if (!metric || problem || raw === null || !day) return;
      await metricsLibApi.enter({ id: metric.id, storeId, day, value: raw });
      toast.success(messages.entered(metric.name));
      onSaved();
    });
  return (
    <sl-dialog ref={ref} label={metric ? `${messages.enterValue}：${metric.name}` : messages.enterValue} open={metric !== null} className="value-dialog">
      <div className="form">
        <sl-radio-group label={messages.fields.store} value={String(storeId)} onsl-change={(event: Event) => setStoreId(Number(inputValue(event)))}>
          {stores.map((store) => <sl-radio key={store.id} value={String(store.id)}>{store.name}</sl-radio>)}
        </sl-radio-group>
        <DateField label={messages.fields.day} value={day || undefined} required helpText={metric ? messages.dayHelp(PERIOD_NAMES[metric.period]) : ''} onChange={(chosen) => setDay(chosen ?? '')} />
        <sl-input label={`${messages.fields.value}（${metric?.unit ?? ''}）`} value={value} inputmode="decimal" required
          help-text={tried ? problem : ''} data-problem={tried && problem ? '' : undefined} onsl-input={(event: Event) => setValue(inputValue(event))}></sl-input>
      </div>
      <DialogFooter busy={busy} confirmLabel={messages.save} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function DeleteDialog({ metric, onClose, onDone }: { metric: CustomMetric | null; onClose(): void; onDone(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  return (
    <sl-dialog ref={ref} label={messages.deleteTitle} open={metric !== null}>
      <p>{metric ? messages.confirmDelete(metric.name) : ''}</p>
      <DialogFooter variant="danger" busy={busy} confirmLabel={messages.remove} onCancel={onClose}
        onConfirm={() => metric && run(async () => {
          await metricsLibApi.remove(metric.id, metric.version);
          toast.success(messages.deleted(metric.name));
          onDone();
        })} />
    </sl-dialog>
  );
}
