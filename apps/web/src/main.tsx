import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import './styles.css';
import { makeStore } from './app/store';
import { createAppRouter } from './app/router';

const store = makeStore();
const router = createAppRouter();
const root = createRoot(document.getElementById('root')!);

function render() {
  // A transition: React renders the first screen in short slices instead of one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    );
  });
}

// The boot screen of index.html stays until the page's lazy route has loaded: rendering before
// that would replace it with an empty router for a moment (a blank flash before the splash).
if (router.state.initialized) {
  render();
} else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
