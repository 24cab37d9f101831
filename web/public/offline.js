// The offline page's retry (a file of its own: the CSP allows no inline script). The page stands
// at the address the member asked for, so reloading asks the network for that page again.
(function () {
  var button = document.getElementById('retry');
  function retry() {
    window.location.reload();
  }
  if (button) button.addEventListener('click', retry);
})();
