<?xml version="1.0" encoding="utf-8"?>
<gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml">
  <gml:featureMember><gml:Point><gml:coordinates>8.54,47.37</gml:coordinates></gml:Point></gml:featureMember>
</gml:FeatureCollection>
