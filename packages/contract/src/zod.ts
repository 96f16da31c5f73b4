// zod extended once with `.openapi()` metadata; every contract file imports `z` from here.
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };
