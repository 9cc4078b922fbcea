plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
}

val versionMajor = 7

android {
    // The namespace also resolves the manifest's relative class names (".share.ShareActivity").
    namespace = "org.example.chat"
    compileSdk = 35

    defaultConfig {
        applicationId = "org.example.chat"
        minSdk = 24
        targetSdk = 35
        versionCode = versionMajor * 1000
        versionName = "$versionMajor.0"
        testInstrumentationRunner = "androidx.test.runner.AndroidJUnitRunner"
        /* namespace = "org.example.not.this.one" */
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
        debug {
            applicationIdSuffix = ".debug"
        }
    }
    productFlavors {
        // Not the default config: this applicationId belongs to one flavour only.
    }
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
}

dependencies {
    implementation(libs.androidx.core.ktx)
    implementation(libs.androidx.appcompat)
}
