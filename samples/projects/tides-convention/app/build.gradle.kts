plugins {
    alias(libs.plugins.tides.android.application)
    alias(libs.plugins.tides.android.application.flavors)
    id("com.google.devtools.ksp")
}

android {
    namespace = "com.example.tides"
    defaultConfig {
        applicationId = "com.example.tides"
        versionCode = 7
        versionName = "1.3.0"
    }
}
