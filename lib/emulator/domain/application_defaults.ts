// What a new application starts with (spec, Authentication 3): both installation contexts
// enabled, each with application.commands, no interactions endpoint, every webhook event type.
import type { Application, ApplicationSettings } from '../model/types';

/** Integration types (installation contexts): "0" guild install, "1" user install. */
export const GUILD_INSTALL = '0';
export const USER_INSTALL = '1';

/** A new app's settings: both contexts, each with application.commands (spec, Authentication 3). */
export function defaultSettings(): ApplicationSettings {
  return {
    description: '',
    interactionsEndpointUrl: null,
    installParams: null,
    integrationTypesConfig: {
      [GUILD_INSTALL]: { oauth2InstallParams: { scopes: ['application.commands'], permissions: '0' } },
      [USER_INSTALL]: { oauth2InstallParams: { scopes: ['application.commands'], permissions: '0' } },
    },
    eventWebhooksTypes: null,
  };
}

export function settingsOf(app: Application): ApplicationSettings {
  return app.settings ?? defaultSettings();
}
