import type { Me } from '../../../shared/contracts/me';
import { isLanguage } from '../../../shared/domain/language';
import type { PlayerRow } from './repository';

export function toMe(player: PlayerRow): Me {
  return {
    name: player.name,
    givenName: player.givenName,
    familyName: player.familyName,
    email: player.email,
    locale: player.locale,
    zoneinfo: player.zoneinfo,
    language: isLanguage(player.language) ? player.language : null,
    // Teams and the season calendar arrive with the season feature.
    team: null,
    salesTeam: null,
    eventStartsAt: null,
  };
}
