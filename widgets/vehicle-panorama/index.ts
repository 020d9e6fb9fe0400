import { define } from '../core';
// The panorama places <garage-maint-timeline> inside; registering it here keeps the panorama usable alone.
import '../maint-timeline';
import { VehiclePanorama } from './VehiclePanorama';
import { vehiclePanoramaStyles } from './styles';

define('garage-vehicle-panorama', VehiclePanorama, { props: { vehicleId: 'string' }, styles: vehiclePanoramaStyles });
