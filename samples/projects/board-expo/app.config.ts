// Dynamic configuration on top of app.json (Expo merges the two): share-route does not run it.
import type { ExpoConfig, ConfigContext } from "expo/config";

export default ({ config }: ConfigContext): ExpoConfig => ({
  ...config,
  name: process.env.APP_VARIANT === "dev" ? "Pin Board (dev)" : config.name!,
});
