/** The picture of a lean facility by its type (LEAN-FAC-1). */
import BrushIcon from '@mui/icons-material/Brush';
import BuildIcon from '@mui/icons-material/Build';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { FacilityType } from '@sim/core/lean/model';

export function LeanFacilityIcon({ type, ...props }: { type: FacilityType } & SvgIconProps) {
  switch (type) {
    case 'warehouse':
      return <WarehouseIcon {...props} />;
    case 'quality':
      return <FactCheckIcon {...props} />;
    case 'rework':
      return <BuildIcon {...props} />;
    default:
      return <BrushIcon {...props} />;
  }
}
