import { useOutletContext } from '../adapters/router';
import type { Me } from '#shared/contracts/me';

/** The signed-in player, inside pages rendered by the player frame. */
export const usePlayer = () => useOutletContext<Me>();
