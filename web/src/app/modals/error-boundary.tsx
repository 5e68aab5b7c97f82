// Catches a modal that fails to load (a chunk that does not arrive) or throws while rendering.
// `onError` lets the host forget a failed load, so opening the modal again retries it.
import { Component, type ReactNode } from 'react';

type Props = { fallback: ReactNode; children: ReactNode; onError?: () => void };

export class ModalErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('modal failed', error);
    this.props.onError?.();
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
