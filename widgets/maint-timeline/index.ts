import { define } from '../core';
import { MaintTimeline } from './MaintTimeline';
import { maintTimelineStyles } from './styles';

define('garage-maint-timeline', MaintTimeline, { props: { vehicleId: 'string', points: 'json' }, styles: maintTimelineStyles });
