// first: before any contract schema is built (see the module)
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'nprogress/nprogress.css';
import './app/global.css';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { installClientErrorReporter } from './lib/client-error-reporter';
import { env } from './lib/env';
import { initI18n } from './lib/i18n';
import { progress } from './lib/progress';

progress.start();
if (env.production) installClientErrorReporter();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

void initI18n().then(() => {
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
