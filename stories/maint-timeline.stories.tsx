import type { Meta, StoryObj } from '@storybook/react-vite';
import { addDays, today } from '../contracts/dates';
import { batch, logout, session } from '../widgets/core';
import type { MaintPointsAnswer } from '../widgets/maint-timeline/api';
import type { MaintenancePoint } from '../widgets/maint-timeline/timeline';
import '../widgets/maint-timeline';

/**
 * <garage-maint-timeline> with recorded answers of GET /vehicle/maint-points given through its
 * `points` property (no server needed). Dates are relative to today so "N 天后" reads naturally.
 */
/** The element's own attributes (controls from the manifest) plus the story's answer and price flag. */
interface TimelineStoryArgs extends Partial<Pick<HTMLElementTagNameMap['garage-maint-timeline'], 'vehicleId' | 'points' | 'apiBase' | 'token'>> {
  answer: MaintPointsAnswer;
  showPrice: boolean;
}

/** A Beijing day `offset` days from today (the widget counts "N 天后" from Beijing's today). */
const day = (offset: number) => addDays(today(), offset);

const OIL = '小保养（机油+机滤）';

function visit(id: number, daysAgo: number, mileage: number, names: string[], paid: number, s4: number | null, repair = false, interval: number | null = null): MaintenancePoint {
  return {
    maintRecordId: id,
    maintDate: day(-daysAgo),
    estimate: { date: day(-daysAgo), s4Price: s4, zxcPrice: paid },
    mileage,
    partList: names,
    maintMileage: interval,
    pointEnum: repair ? 'PART_REPLACE_RECORD' : 'MAINT_RECORD',
  };
}

const futureVisits: MaintenancePoint[] = [
  { maintRecordId: 'estimate-1', estimate: { date: day(23), s4Price: 890, zxcPrice: 561 }, mileage: 43000, partList: [OIL, '更换空调滤芯'], maintMileage: 5000, pointEnum: 'MAINT_ESTIMATE' },
  { maintRecordId: 'estimate-2', estimate: { date: day(148), s4Price: 720, zxcPrice: 453 }, mileage: 48000, partList: [OIL], maintMileage: 5000, pointEnum: 'MAINT_ESTIMATE' },
  { maintRecordId: 'estimate-3', estimate: { date: day(273), s4Price: 1480, zxcPrice: 921 }, mileage: 53000, partList: [OIL, '更换空气滤芯', '更换刹车油'], maintMileage: 5000, pointEnum: 'MAINT_ESTIMATE' },
];

const vehicle = { id: 1, plate: '浙A8K26F', brand: '大众', series: '朗逸', model: '1.5L 自动舒适版', customerName: '张伟' };

const emptyAnswer: MaintPointsAnswer = { vehicle: { ...vehicle, plate: '浙AD51230' }, planName: null, currentMileage: null, kmPerDay: null, points: { history: [], partReplaceAlert: [], maintEstimate: [] } };

const shortAnswer: MaintPointsAnswer = {
  vehicle,
  planName: '大众朗逸 保养手册',
  currentMileage: 39100,
  kmPerDay: 40,
  points: {
    history: [visit(101, 310, 30200, [OIL, '更换空调滤芯'], 561, 890), visit(102, 95, 38000, [OIL], 453, 720, false, 7800)],
    partReplaceAlert: [{ maintRecordId: 'alert-BRAKE_PAD_FRONT', estimate: { date: day(-3), s4Price: 910, zxcPrice: 570 }, mileage: 39100, partList: ['更换前刹车片'], maintMileage: 40000, pointEnum: 'PART_REPLACE_ALERT' }],
    maintEstimate: futureVisits,
  },
};

const longHistory: MaintenancePoint[] = Array.from({ length: 14 }, (_, index) => {
  const daysAgo = (14 - index) * 120;
  const mileage = 6000 + index * 2500;
  if (index % 4 === 3) {
    const brakes = index % 8 === 3;
    return visit(200 + index, daysAgo - 20, mileage + 800, brakes ? ['更换前刹车片'] : ['钣金喷漆（单面）', '空调系统检修'], brakes ? 570 : 1040, brakes ? 910 : null, true);
  }
  const bigService = index % 3 === 0;
  return visit(200 + index, daysAgo, mileage, bigService ? [OIL, '更换空气滤芯', '更换空调滤芯'] : [OIL], bigService ? 659 : 453, bigService ? 1050 : 720, false, index === 0 ? null : 2500);
});

const longAnswer: MaintPointsAnswer = {
  vehicle: { ...vehicle, plate: '浙B3Q772', brand: '丰田', series: '卡罗拉' },
  planName: '丰田卡罗拉 保养手册',
  currentMileage: 39400,
  kmPerDay: 21.5,
  points: { history: longHistory, partReplaceAlert: [], maintEstimate: futureVisits },
};

const meta: Meta<TimelineStoryArgs> = {
  title: 'Widgets/保养时间轴 garage-maint-timeline',
  args: { answer: shortAnswer, showPrice: true },
  parameters: { customElement: 'garage-maint-timeline' },
  // The stories give `points` through `answer`.
  argTypes: { points: { control: false } },
  render: ({ answer, showPrice, ...attributes }) => {
    batch(() => {
      logout();
      session.admin.value = false;
      session.isShowPrice.value = showPrice;
    });
    return (
      <div style={{ maxWidth: 640 }}>
        <garage-maint-timeline {...attributes} points={answer}></garage-maint-timeline>
      </div>
    );
  },
};
export default meta;

type Story = StoryObj<TimelineStoryArgs>;

/** A car that has not been serviced with us yet and has no plan: the empty state. */
export const Empty: Story = { name: '无记录', args: { answer: emptyAnswer } };

/** Two visits, an overdue brake-pad alert, three estimated visits; the next one highlighted. */
export const Short: Story = { name: '短历史' };

/** Fourteen visits over five years: the five latest shown, the rest behind 「查看更早」. */
export const Long: Story = { name: '长历史', args: { answer: longAnswer } };

/** The garage turned prices off (garage module config isShowPrice = false). */
export const PricesHidden: Story = { name: '不显示价格', args: { showPrice: false } };
