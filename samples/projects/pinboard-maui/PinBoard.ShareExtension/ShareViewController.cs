using Foundation;
using UIKit;

namespace PinBoard.ShareExtension;

[Register("ShareViewController")]
public class ShareViewController : UIViewController
{
    protected ShareViewController(IntPtr handle) : base(handle) { }
}
