plugins {
    alias(libs.plugins.android.library)
}

android {
    namespace = "com.example.podcasts.strings"
    compileSdk = 35
}
