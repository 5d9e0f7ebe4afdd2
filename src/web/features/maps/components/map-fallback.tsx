import { Component, type ReactNode } from 'react';
import { Center, Loader, Text, VisuallyHidden } from '@mantine/core';

/** The grey box a map keeps its place with while Leaflet loads (or when it cannot). */
export function MapPlaceholder({ children }: { children?: ReactNode }) {
  return (
    <Center h="100%" bg="gray.1">
      {children ?? (
        <>
          <Loader size="sm" />
          <VisuallyHidden>Loading map</VisuallyHidden>
        </>
      )}
    </Center>
  );
}

/** A map that fails to load (offline, a new deploy) must not take the page down. */
export class MapErrorBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    if (this.state.hasFailed) {
      return (
        <MapPlaceholder>
          <Text size="sm" c="dimmed">
            The map could not be loaded.
          </Text>
        </MapPlaceholder>
      );
    }
    return this.props.children;
  }
}
