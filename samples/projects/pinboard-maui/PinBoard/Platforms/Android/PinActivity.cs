using Android.App;
using Android.Content;

namespace PinBoard.Platforms.Android
{
    /// <summary>Pins shared images and PDFs to a board.</summary>
    [Activity(Name = "com.example.pinboard.PinActivity", Label = "Pin to board", Exported = true,
              Theme = "@style/Maui.MainTheme.NoActionBar")]
    [IntentFilter(new[] { Intent.ActionSend, Intent.ActionSendMultiple },
                  Categories = [Intent.CategoryDefault],
                  DataMimeTypes = new[] { "image/*", @"application/pdf" })]
    public class PinActivity : Activity
    {
        const string Extra = "pinboard.extra";
    }
}
