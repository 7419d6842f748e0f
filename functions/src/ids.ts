/** The zod schema of every id a callable receives (core/src/port/paths.ts, `ID_PATTERN`). */
import { z } from 'zod';
import { ID_PATTERN } from '@sim/core/port/paths';

export const idSchema = z.string().regex(ID_PATTERN, 'must be an id');
