import type { ReactNode } from 'react';
import { FeatureLock } from './FeatureLock.tsx';

interface FeatureGateProps {
  /** Whether the owner's plan includes the feature (the server enforces it too). */
  allowed: boolean;
  feature: string;
  message: string;
  variant?: 'page' | 'card';
  children: ReactNode;
}

/** The spec's feature gate: its children when the plan has the feature, otherwise the lock screen. */
export function FeatureGate({ allowed, children, ...lock }: FeatureGateProps) {
  return allowed ? children : <FeatureLock {...lock} />;
}
