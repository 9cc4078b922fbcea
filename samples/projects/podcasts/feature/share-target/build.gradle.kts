plugins {
    alias(libs.plugins.android.library)
    alias(libs.plugins.kotlin.android)
}

android {
    // Relative class names in this module's manifest resolve against its namespace.
    namespace = "com.example.podcasts.share"
    compileSdk = 35
    defaultConfig {
        minSdk = 26
    }
}

dependencies {
    api(projects.core.uiStrings)
}
