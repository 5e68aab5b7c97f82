// Loaded before every test file (vitest.config.ts): the DOM matchers of @testing-library/jest-dom
// (toBeInTheDocument, toBeVisible, toHaveTextContent, ...) on `expect`, with their types.
import '@testing-library/jest-dom/vitest';
