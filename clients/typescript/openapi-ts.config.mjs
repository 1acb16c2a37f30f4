// Configuration of @hey-api/openapi-ts. Run it through `scripts/generate_sdks`, which sets
// CRS_SDK_SPEC and CRS_SDK_OUT (`npm run generate` works too, with the defaults below).
import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig({
  input: process.env.CRS_SDK_SPEC ?? '../../openapi.yaml',
  output: {
    path: process.env.CRS_SDK_OUT ?? 'src/client',
    // '.js' import extensions, so that tsc's output runs on Node.js as ES modules.
    importFileExtension: '.js',
  },
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
});
