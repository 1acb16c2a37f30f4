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
  // throwOnError: a problem answer (4xx/5xx) rejects the call's promise with the problem
  // document, so `data` is the success type with no check on every call.
  plugins: [
    { name: '@hey-api/client-fetch', throwOnError: true },
    '@hey-api/typescript',
    '@hey-api/sdk',
  ],
});
