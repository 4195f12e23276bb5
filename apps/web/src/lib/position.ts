/** The member's last known position, sent with every request when known (spec: app-core §7). */
export interface Position {
  latitude: number;
  longitude: number;
}

let position: Position | null = null;

export function setPosition(next: Position | null): void {
  position = next;
}

export function getPosition(): Position | null {
  return position;
}
