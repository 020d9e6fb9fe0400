/** 打印 and 保存图片 under a sheet (the composer's saved quote, the public shared one). */
import { toast, useBusyAction } from '../core';
import { formatDate } from '../core/formats';
import { messages } from './messages';
import type { SheetData } from './Sheet';
import { download, printSheet, sheetImage } from './sheet-output';

export function SheetActions({ data, sheetRef, container }: { data: SheetData; sheetRef: { current: HTMLElement | null }; container?: ShadowRoot }) {
  const [busy, run] = useBusyAction();
  const print = () => {
    const sheet = sheetRef.current?.querySelector('.sheet');
    if (sheet instanceof HTMLElement && !printSheet(sheet)) window.print();
  };
  const image = () =>
    run(async () => {
      const blob = await sheetImage(data);
      download(blob, `${messages.sheetTitle}-${data.vehicle.plate}-${formatDate(data.createdAt)}.png`, container ?? document.body);
      toast.success(messages.imageDone);
    });
  return (
    <div className="actions">
      <sl-button size="small" onClick={print}><sl-icon slot="prefix" name="printer"></sl-icon>{messages.print}</sl-button>
      <sl-button size="small" loading={busy} onClick={image}><sl-icon slot="prefix" name="image"></sl-icon>{messages.image}</sl-button>
    </div>
  );
}
