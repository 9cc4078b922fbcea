plugins {
    id("com.android.application")
    id("org.jetbrains.kotlin.android")
}

android {
    namespace = "org.example.notes"
    compileSdk = 35
    defaultConfig {
        applicationId = "org.example.notes"
        minSdk = 24
        targetSdk = 35
        versionCode = 310
        versionName = "3.1.0"
    }
}

dependencies {
    implementation(project(":react-native-share-menu"))
}
